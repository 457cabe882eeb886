//! `ferrochamp style export` and `ferrochamp style check`.

use std::path::PathBuf;

use super::{builtin, export_style, load_style_file, BUILTIN};

/// The `style` tools.
#[derive(clap::Subcommand, Debug)]
pub enum StyleTool {
    /// Print a complete, commented style file (every weight and knob) on stdout.
    Export {
        /// A built-in style (Default, Aggressive, Solid) or a style file to complete.
        #[arg(long, default_value = "Default")]
        style: String,
    },
    /// Validate a style file: unknown names, wrong shapes, out-of-range values.
    Check {
        /// The style file (TOML).
        file: PathBuf,
    },
}

/// Runs a `style` tool: its output as text, or an error for stderr.
///
/// # Errors
/// An unknown style, an unreadable or invalid file.
pub fn run_tool(tool: &StyleTool) -> Result<String, String> {
    match tool {
        StyleTool::Export { style } => {
            let def = match builtin(style) {
                Some(def) => def,
                None if style.eq_ignore_ascii_case("Turochamp") => {
                    return Err("Turochamp has its own evaluation (src/turochamp): no weights to export".into())
                }
                None if std::path::Path::new(style).is_file() => load_style_file(style)?,
                None => {
                    let names: Vec<&str> = BUILTIN.iter().map(|(name, _)| *name).collect();
                    return Err(format!("unknown style `{style}`: expected {} or a style file", names.join(", ")));
                }
            };
            Ok(export_style(&def))
        }
        StyleTool::Check { file } => {
            let path = file.display().to_string();
            let def = load_style_file(&path)?;
            let changed = def.effective(&super::Knobs::default());
            let compiled = crate::eval::layout::current();
            let differing = changed.iter().zip(&compiled).filter(|(a, b)| a != b).count();
            Ok(format!(
                "{path}: valid style; {differing} of {} effective weights differ from Default\n",
                compiled.len()
            ))
        }
    }
}
