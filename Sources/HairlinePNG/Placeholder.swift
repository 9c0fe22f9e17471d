public enum HairlinePNGPlaceholder {}
