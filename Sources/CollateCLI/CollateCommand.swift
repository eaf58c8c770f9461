public struct CollateCommand { public static func main() {} }
