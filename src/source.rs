//! A named source text shared by every diagnostic that points into it.

use std::sync::Arc;

use miette::NamedSource;

/// A source file: its name (usually a path) and its text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The name shown in diagnostics.
    pub name: String,
    /// The whole text.
    pub text: Arc<str>,
}

impl SourceFile {
    /// A source from a name and a text.
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
        }
    }

    /// Reads a file from disk.
    ///
    /// # Errors
    /// The I/O error of reading the file.
    pub fn read(path: &std::path::Path) -> std::io::Result<SourceFile> {
        let text = std::fs::read_to_string(path)?;
        Ok(SourceFile::new(path.display().to_string(), text))
    }

    /// The source as miette wants it in a diagnostic.
    pub fn named(&self) -> NamedSource<Arc<str>> {
        NamedSource::new(self.name.clone(), self.text.clone())
    }
}
