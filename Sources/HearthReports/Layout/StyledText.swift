/// Text in one face, size and colour, ready to wrap.
struct StyledText {
    var text: String
    var face: FontFace
    var size: Double
    var color: ReportColor
}
