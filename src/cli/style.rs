//! `ferrochamp style export` and `ferrochamp style check`.

use std::path::PathBuf;

use ferrochamp::style::{builtin, export_style, load_style_file, Knobs, BUILTIN};

/// The `style` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum StyleCommand {
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

/// Runs a `style` subcommand: its output as text, or an error for stderr.
///
/// # Errors
/// An unknown style, an unreadable or invalid file.
pub fn run(command: &StyleCommand) -> Result<String, String> {
    match command {
        StyleCommand::Export { style } => {
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
        StyleCommand::Check { file } => {
            let path = file.display().to_string();
            let def = load_style_file(&path)?;
            let changed = def.effective(&Knobs::default());
            let compiled = ferrochamp::eval::layout::current();
            let differing = changed.iter().zip(&compiled).filter(|(a, b)| a != b).count();
            Ok(format!(
                "{path}: valid style; {differing} of {} effective weights differ from Default\n",
                compiled.len()
            ))
        }
    }
}
