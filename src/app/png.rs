//! Pictures as pixels: an SVG drawn by [`crate::formats::svg`] rendered to PNG (`regula render
//! --png`). Here, in the applications, because the rasterizer (resvg) is a front-end
//! dependency the core library does not carry.

/// The bundled font (a subset of DejaVu Sans: Latin, Cyrillic, punctuation; see
/// `assets/fonts/README.md`), so that a picture's text renders the same on every machine,
/// with or without fonts installed.
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// Its bold face, for the pieces' letters.
const FONT_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// A picture drawn by [`draw`] (or any SVG document) as a PNG file, at the size its
/// `width` and `height` say, its text set in the bundled font alone.
///
/// # Errors
/// The SVG does not parse, or its size is empty or too large to allocate.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    let mut opt = resvg::usvg::Options {
        font_family: "DejaVu Sans".into(),
        ..resvg::usvg::Options::default()
    };
    let db = opt.fontdb_mut();
    db.load_font_data(FONT.to_vec());
    db.load_font_data(FONT_BOLD.to_vec());
    db.set_sans_serif_family("DejaVu Sans");
    let tree = resvg::usvg::Tree::from_str(svg, &opt).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("{} x {} pixels", size.width(), size.height()))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}
