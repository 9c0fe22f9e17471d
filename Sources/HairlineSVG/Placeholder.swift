public enum HairlineSVGPlaceholder {}
