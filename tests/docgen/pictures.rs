//! The pictures of the players' books, read as geometry: every marker a diagram draws (a
//! piece's letter, a square's number, a landing's numbered disc, a reach's dot, a capture's
//! ring and cross, a refused move's end, a cause's ring, an arrow's head) has an approximate
//! shape taken from its SVG element, and no two of them overlap; an arrow never runs over a
//! piece's letter (it passes under the piece's disc); a captured piece keeps its letter
//! readable inside its ring.

use std::collections::BTreeSet;

use super::generated;

/// How far two shapes may overlap (SVG user units) before they count as overlapping: the
/// shapes below are approximate, and a touch along an edge is no overlap.
const TOL: f64 = 0.75;

/// A marker's approximate shape.
#[derive(Debug, Clone, Copy)]
enum Shape {
    /// A box: left, top, right, bottom.
    Rect(f64, f64, f64, f64),
    /// A filled disc: centre and radius.
    Disc(f64, f64, f64),
    /// A ring: centre, radius of its stroke's middle, stroke width.
    Ring(f64, f64, f64, f64),
    /// A triangle (an arrow's head).
    Tri([(f64, f64); 3]),
}

/// One marker of a picture: what it is (for messages), its shape, and its place in the
/// drawing order.
#[derive(Debug, Clone)]
struct Marker {
    what: String,
    shape: Shape,
    order: usize,
    /// The parts of one mark (a capture's ring and cross) share a group: they may touch.
    group: Option<(i64, i64)>,
}

/// One SVG element: tag, attributes, text content (for `text`).
#[derive(Debug)]
struct Element {
    tag: String,
    attrs: Vec<(String, String)>,
    text: String,
}

impl Element {
    fn get(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
    fn num(&self, name: &str) -> f64 {
        self.get(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("<{} {name}> is a number: {:?}", self.tag, self.attrs))
    }
    fn has(&self, name: &str, value: &str) -> bool {
        self.get(name) == Some(value)
    }
}

/// The elements of an SVG document in drawing order (a small reader for the pictures regula
/// writes: no comments, no CDATA, attributes in double quotes).
fn elements(svg: &str) -> Vec<Element> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        rest = &rest[open + 1..];
        if rest.starts_with('/') || rest.starts_with('?') || rest.starts_with('!') {
            continue;
        }
        let end = rest.find('>').unwrap();
        let inside = rest[..end].trim_end_matches('/');
        let tag: String = inside.chars().take_while(|c| !c.is_whitespace()).collect();
        let mut attrs = Vec::new();
        let mut a = &inside[tag.len()..];
        while let Some(eq) = a.find("=\"") {
            let name = a[..eq].trim().to_string();
            let v = &a[eq + 2..];
            let close = v.find('"').unwrap();
            attrs.push((name, v[..close].to_string()));
            a = &v[close + 1..];
        }
        rest = &rest[end + 1..];
        let text = if tag == "text" {
            rest[..rest.find("</text>").unwrap()].to_string()
        } else {
            String::new()
        };
        out.push(Element { tag, attrs, text });
    }
    out
}

fn points(list: &str) -> Vec<(f64, f64)> {
    list.split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// The numbers of a path's `M x y L x y ...` data, as points.
fn path_points(d: &str) -> Vec<(f64, f64)> {
    let nums: Vec<f64> = d
        .split(|c: char| c.is_whitespace() || c == 'M' || c == 'L')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    nums.chunks(2).map(|c| (c[0], c[1])).collect()
}

fn bounds(pts: &[(f64, f64)], pad: f64) -> Shape {
    let x0 = pts.iter().map(|p| p.0).fold(f64::MAX, f64::min);
    let x1 = pts.iter().map(|p| p.0).fold(f64::MIN, f64::max);
    let y0 = pts.iter().map(|p| p.1).fold(f64::MAX, f64::min);
    let y1 = pts.iter().map(|p| p.1).fold(f64::MIN, f64::max);
    Shape::Rect(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
}

/// The box of a line of text in a sans-serif font: its advance reckoned at 0.62 of the size a
/// character (bold capitals), its height from the baseline up to the capitals' top.
fn text_box(e: &Element, size: f64) -> Shape {
    let (x, y) = (e.num("x"), e.num("y"));
    let w = 0.62 * size * e.text.chars().count() as f64;
    let x0 = if e.has("text-anchor", "middle") {
        x - w / 2.0
    } else {
        x
    };
    Shape::Rect(x0, y - 0.72 * size, x0 + w, y)
}

/// A point of a picture.
type Pt = (f64, f64);

/// A picture read as markers, with the arrows' segments and the piece covers (discs and
/// neutral squares, which hide what is drawn before them) in drawing order.
struct Read {
    markers: Vec<Marker>,
    /// Each arrow's segments, with the arrow's place in the drawing order.
    segments: Vec<(Pt, Pt, usize)>,
    /// Piece covers: centre and drawing order.
    covers: Vec<((f64, f64), usize)>,
    /// Capture rings: centre and radius of the inner edge.
    captures: Vec<(f64, f64, f64)>,
}

fn read(svg: &str) -> Read {
    let els = elements(svg);
    let mut r = Read {
        markers: Vec::new(),
        segments: Vec::new(),
        covers: Vec::new(),
        captures: Vec::new(),
    };
    // A refused move's end: a white disc with a cross inside, one marker.
    let mut refused_ends: Vec<(f64, f64)> = Vec::new();
    for (order, e) in els.iter().enumerate() {
        let class = e.get("class").unwrap_or("");
        let last_ring = r.captures.last().map(|&(x, y, _)| (x as i64, y as i64));
        let mut group = None;
        let mut mark = |what: &str, shape| {
            r.markers.push(Marker {
                what: what.to_string(),
                shape,
                order,
                group: None,
            })
        };
        match e.tag.as_str() {
            "circle" => {
                let (cx, cy, rad) = (e.num("cx"), e.num("cy"), e.num("r"));
                let sw = e.get("stroke-width").map_or(0.0, |v| v.parse().unwrap());
                if class.contains("landing") {
                    mark("landing number", Shape::Disc(cx, cy, rad + sw / 2.0));
                } else if class == "target" {
                    mark("reach dot", Shape::Disc(cx, cy, rad));
                } else if class.contains("cause") {
                    mark("cause ring", Shape::Ring(cx, cy, rad, sw));
                } else if class == "drop" {
                    mark("placement ring", Shape::Ring(cx, cy, rad, sw));
                } else if e.has("stroke", "#000000") {
                    r.covers.push(((cx, cy), order));
                } else if e.has("fill", "#ffffff") && e.has("stroke", "#c0392b") {
                    refused_ends.push((cx, cy));
                    mark("refused move's end", Shape::Disc(cx, cy, rad + sw / 2.0));
                } else if e.has("fill", "none") && e.has("stroke", "#c0392b") {
                    group = Some((cx as i64, cy as i64));
                    mark("capture ring", Shape::Ring(cx, cy, rad, sw));
                    r.captures.push((cx, cy, rad - sw / 2.0));
                }
                // Else a legend's swatch, below the board.
            }
            "rect" if e.has("fill", "#2e7d32") => {
                let (x, y) = (e.num("x"), e.num("y"));
                let w = e.num("width");
                r.covers.push(((x + w / 2.0, y + w / 2.0), order));
            }
            "text" if class.contains("landing") => {}
            "text" if e.has("font-weight", "bold") => {
                let size = e.get("font-size").map_or(12.0, |v| v.parse().unwrap());
                mark(&format!("letter {}", e.text), text_box(e, size));
            }
            "text" if e.has("paint-order", "stroke") => {
                let size = e.num("font-size");
                let mut b = text_box(e, size);
                // Digits are narrower than capitals.
                if let Shape::Rect(x0, y0, _, y1) = b {
                    b = Shape::Rect(x0, y0, x0 + 0.56 * size * e.text.len() as f64, y1);
                }
                mark(&format!("square number {}", e.text), b);
            }
            "path" if e.has("stroke", "#c0392b") => {
                let pts = path_points(e.get("d").unwrap());
                let Shape::Rect(x0, y0, x1, y1) = bounds(&pts, 0.0) else {
                    unreachable!()
                };
                let mid = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                if !refused_ends.contains(&mid) {
                    // The cross of the capture ring drawn last, in its square's corner.
                    group = last_ring.filter(|&(x, y)| {
                        (x as f64 - mid.0).abs() < 15.0 && (y as f64 - mid.1).abs() < 15.0
                    });
                    mark("capture cross", bounds(&pts, 1.25));
                }
            }
            "polygon" => {
                let p = points(e.get("points").unwrap());
                mark("arrowhead", Shape::Tri([p[0], p[1], p[2]]));
            }
            "polyline" => {
                let pts = points(e.get("points").unwrap());
                for w in pts.windows(2) {
                    r.segments.push((w[0], w[1], order));
                }
            }
            _ => {}
        }
        if let Some(m) = r.markers.last_mut().filter(|m| m.order == order) {
            m.group = group;
        }
    }
    r
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// The nearest and farthest distances from point `c` to a box.
fn near_far(c: (f64, f64), x0: f64, y0: f64, x1: f64, y1: f64) -> (f64, f64) {
    let near = dist(c, (c.0.clamp(x0, x1), c.1.clamp(y0, y1)));
    let far = [(x0, y0), (x0, y1), (x1, y0), (x1, y1)]
        .into_iter()
        .map(|p| dist(c, p))
        .fold(0.0, f64::max);
    (near, far)
}

/// A box or a triangle as the corners of a convex polygon.
fn corners(s: Shape) -> Option<Vec<(f64, f64)>> {
    match s {
        Shape::Rect(x0, y0, x1, y1) => Some(vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)]),
        Shape::Tri(p) => Some(p.to_vec()),
        Shape::Disc(..) | Shape::Ring(..) => None,
    }
}

/// Whether two convex polygons overlap by more than [`TOL`] (no axis of their edges' normals
/// separates them).
fn polygons_overlap(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    let axes = a
        .iter()
        .zip(a.iter().cycle().skip(1))
        .chain(b.iter().zip(b.iter().cycle().skip(1)))
        .map(|(p, q)| {
            let (nx, ny) = (q.1 - p.1, p.0 - q.0);
            let l = (nx * nx + ny * ny).sqrt().max(1e-9);
            (nx / l, ny / l)
        });
    let span = |ps: &[(f64, f64)], (nx, ny): (f64, f64)| {
        let v = ps.iter().map(|p| p.0 * nx + p.1 * ny);
        (
            v.clone().fold(f64::MAX, f64::min),
            v.fold(f64::MIN, f64::max),
        )
    };
    axes.into_iter().all(|ax| {
        let ((a0, a1), (b0, b1)) = (span(a, ax), span(b, ax));
        a1.min(b1) - a0.max(b0) > TOL
    })
}

/// The nearest and farthest distances from point `c` to a convex polygon.
fn polygon_near_far(c: (f64, f64), ps: &[(f64, f64)]) -> (f64, f64) {
    let inside = {
        let sides = ps
            .iter()
            .zip(ps.iter().cycle().skip(1))
            .map(|(p, q)| (q.0 - p.0) * (c.1 - p.1) - (q.1 - p.1) * (c.0 - p.0));
        let v: Vec<f64> = sides.collect();
        v.iter().all(|&s| s >= 0.0) || v.iter().all(|&s| s <= 0.0)
    };
    let near = if inside {
        0.0
    } else {
        ps.iter()
            .zip(ps.iter().cycle().skip(1))
            .map(|(p, q)| {
                let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                let l2 = (dx * dx + dy * dy).max(1e-9);
                let t = (((c.0 - p.0) * dx + (c.1 - p.1) * dy) / l2).clamp(0.0, 1.0);
                dist(c, (p.0 + t * dx, p.1 + t * dy))
            })
            .fold(f64::MAX, f64::min)
    };
    let far = ps.iter().map(|&p| dist(c, p)).fold(0.0, f64::max);
    (near, far)
}

/// Whether two shapes overlap by more than [`TOL`].
fn overlap(a: Shape, b: Shape) -> bool {
    use Shape::*;
    if let (Some(p), Some(q)) = (corners(a), corners(b)) {
        return polygons_overlap(&p, &q);
    }
    match (a, b) {
        (Disc(x, y, r), o) | (o, Disc(x, y, r)) if corners(o).is_some() => {
            polygon_near_far((x, y), &corners(o).unwrap()).0 < r - TOL
        }
        (Ring(x, y, r, w), o) | (o, Ring(x, y, r, w)) if corners(o).is_some() => {
            let (near, far) = polygon_near_far((x, y), &corners(o).unwrap());
            near < r + w / 2.0 - TOL && far > r - w / 2.0 + TOL
        }
        (Disc(x, y, r), Disc(u, v, s)) => dist((x, y), (u, v)) < r + s - TOL,
        (Ring(x, y, r, w), Disc(u, v, s)) | (Disc(u, v, s), Ring(x, y, r, w)) => {
            let d = dist((x, y), (u, v));
            d - s < r + w / 2.0 - TOL && d + s > r - w / 2.0 + TOL
        }
        (Ring(x, y, r, w), Ring(u, v, s, t)) => {
            let d = dist((x, y), (u, v));
            let (ri, ro) = (r - w / 2.0, r + w / 2.0);
            let (si, so) = (s - t / 2.0, s + t / 2.0);
            // Two circles of radii a and b meet when |a - b| <= d <= a + b.
            d < ro + so - TOL && si - d < ro - TOL && ri - d < so - TOL
        }
        _ => false,
    }
}

/// Whether the segment from `a` to `b`, `width` wide, crosses a box.
fn crosses(a: (f64, f64), b: (f64, f64), width: f64, bx: Shape) -> bool {
    let Shape::Rect(x0, y0, x1, y1) = bx else {
        return false;
    };
    let pad = width / 2.0 - TOL;
    let n = (dist(a, b) * 2.0).ceil().max(1.0) as usize;
    (0..=n).any(|i| {
        let t = i as f64 / n as f64;
        let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        x > x0 - pad && x < x1 + pad && y > y0 - pad && y < y1 + pad
    })
}

/// The pictures of the players' books (both editions share them; the players' Markdown
/// books name theirs).
fn players_pictures() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (name, md) in generated() {
        if !name.ends_with(".md") || name.contains(".technical.") {
            continue;
        }
        for part in md.split("](").skip(1) {
            let file = &part[..part.find(')').unwrap()];
            if file.ends_with(".svg") {
                out.insert(file.to_string());
            }
        }
    }
    out
}

/// What is wrong with one picture's markers.
pub(super) fn faults(svg: &str) -> Vec<String> {
    let r = read(svg);
    let mut out = Vec::new();
    for (i, a) in r.markers.iter().enumerate() {
        for b in &r.markers[i + 1..] {
            if a.group.is_some() && a.group == b.group {
                continue;
            }
            if overlap(a.shape, b.shape) {
                out.push(format!(
                    "{} overlaps {} ({:?} / {:?})",
                    a.what, b.what, a.shape, b.shape
                ));
            }
        }
    }
    // An arrow runs under a piece (its disc drawn later hides it), never over its letter.
    for m in r.markers.iter().filter(|m| m.what.starts_with("letter")) {
        let Shape::Rect(x0, _, x1, y1) = m.shape else {
            continue;
        };
        let centre = ((x0 + x1) / 2.0, y1 - 4.0);
        let cover = r
            .covers
            .iter()
            .find(|(c, o)| dist(*c, centre) < 3.0 && *o < m.order)
            .map(|(_, o)| *o);
        for &(a, b, order) in &r.segments {
            let hidden = cover.is_some_and(|c| c > order);
            if !hidden && crosses(a, b, 3.0, m.shape) {
                out.push(format!("an arrow runs over {} at {centre:?}", m.what));
            }
        }
    }
    // A captured piece stays identifiable: its letter is inside its ring.
    for &(x, y, inner) in &r.captures {
        let letter = r.markers.iter().find(|m| {
            m.what.starts_with("letter")
                && matches!(m.shape, Shape::Rect(x0, _, x1, y1)
                    if ((x0 + x1) / 2.0 - x).abs() < 1.0 && (y1 - 4.0 - y).abs() < 1.0)
        });
        match letter {
            None => out.push(format!("the captured piece at ({x}, {y}) shows no letter")),
            Some(m) => {
                let Shape::Rect(x0, y0, x1, y1) = m.shape else {
                    unreachable!()
                };
                if near_far((x, y), x0, y0, x1, y1).1 > inner + TOL {
                    out.push(format!("the captured {} is not inside its ring", m.what));
                }
            }
        }
    }
    out
}

#[test]
fn players_pictures_have_no_overlapping_markers() {
    let pictures = players_pictures();
    assert!(pictures.len() > 200, "only {} pictures", pictures.len());
    let mut wrong = Vec::new();
    let (mut captures, mut arrows) = (0, 0);
    for name in &pictures {
        let svg = &generated()[name];
        let r = read(svg);
        captures += r.captures.len();
        arrows += usize::from(!r.segments.is_empty());
        for f in faults(svg) {
            wrong.push(format!("{name}: {f}"));
        }
    }
    // The test reads what the pictures draw.
    assert!(
        captures > 50 && arrows > 150,
        "{captures} captures, {arrows} arrows"
    );
    assert!(
        wrong.is_empty(),
        "{} faults:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn overlapping_markers_are_found() {
    // A landing's disc on a piece's letter, an arrow drawn over a letter, a capture ring
    // around nothing: each is found.
    let svg = "<svg>\n<circle cx=\"39\" cy=\"39\" r=\"12\" fill=\"#ffffff\" stroke=\"#000000\"/>\n\
        <text x=\"39\" y=\"43\" text-anchor=\"middle\" font-weight=\"bold\">K</text>\n\
        <circle cx=\"41\" cy=\"38\" r=\"7\" class=\"landing\"/>\n\
        <polyline points=\"20,39 60,39\"/>\n\
        <circle cx=\"99\" cy=\"99\" r=\"13\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2.5\"/>\n</svg>";
    let f = faults(svg);
    assert!(
        f.iter()
            .any(|f| f.contains("letter K overlaps landing number")),
        "{f:?}"
    );
    assert!(
        f.iter().any(|f| f.contains("an arrow runs over letter K")),
        "{f:?}"
    );
    assert!(f.iter().any(|f| f.contains("shows no letter")), "{f:?}");
    // The same arrow drawn before the piece passes under it.
    let under = "<svg>\n<polyline points=\"20,39 60,39\"/>\n\
        <circle cx=\"39\" cy=\"39\" r=\"12\" fill=\"#ffffff\" stroke=\"#000000\"/>\n\
        <text x=\"39\" y=\"43\" text-anchor=\"middle\" font-weight=\"bold\">K</text>\n</svg>";
    assert!(faults(under).is_empty(), "{:?}", faults(under));
}

#[test]
fn river_camelots_pictures_show_the_river() {
    // Every players' picture of River Camelot (its board, its start, each move and each
    // refused move) fills the river's squares and the bridges with their regions' colours.
    let src = regula::SourceFile::read(std::path::Path::new("rules/river-camelot.rules")).unwrap();
    let game = regula::load(&src, &[]).unwrap();
    let def = &game.def;
    let mut shown = 0;
    for name in players_pictures()
        .iter()
        .filter(|n| n.starts_with("river-camelot-"))
    {
        let svg = &generated()[name];
        for region in ["water", "bridge"] {
            let i = def.regions.iter().position(|r| r.name == region).unwrap();
            let fill = format!(
                "width=\"30\" height=\"30\" fill=\"{}\"",
                regula::formats::svg::region_colour(i)
            );
            let want = def.regions[i].all.len() as usize;
            assert_eq!(
                svg.matches(&fill).count(),
                want,
                "{name}: the {region}'s squares"
            );
        }
        shown += 1;
    }
    assert!(shown >= 10, "{shown} pictures of River Camelot");
}
