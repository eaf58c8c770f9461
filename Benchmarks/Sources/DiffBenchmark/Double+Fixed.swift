extension Double {
    /// The number written with a fixed number of decimals, without Foundation.
    ///
    /// - Parameter decimals: The number of digits after the point.
    /// - Returns: For example `"12.35"` for `12.3456.fixed(2)`.
    func fixed(_ decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int(abs(self) * Double(scale) + 0.5)
        let sign = self < 0 && scaled != 0 ? "-" : ""
        let whole = String(scaled / scale)
        guard decimals > 0 else { return sign + whole }
        let fraction = String(scaled % scale)
        return sign + whole + "." + String(repeating: "0", count: decimals - fraction.count)
            + fraction
    }
}
