print("hairline")
