//! The front thread: reads stdin line by line, parses each line into a
//! typed command and hands it to the controller. It flips the stop flag
//! itself on `stop` and `quit`, so that a search stops even while the
//! controller is busy.
//!
//! The first line chooses the protocol: `xboard` switches the parser to CECP
//! ([`crate::xboard::parse`], announced to the controller as `Cecp(Start)`);
//! anything else keeps UCI. `uci` in XBoard mode switches back.

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Instant;

use crossbeam_channel::Sender;

use crate::uci::{Command, CommandError};
use crate::xboard::XbCommand;

/// One line from the GUI: the raw text (for the debug log), what it means and
/// when it was read.
#[derive(Debug)]
pub struct Incoming {
    /// The line as read, for the debug log.
    pub raw: String,
    /// The parsed command, or why the line was rejected.
    pub command: Result<Command, CommandError>,
    /// The GUI's clock runs from here, not from when the controller got to
    /// the line: on a busy machine that hand-off alone can take milliseconds.
    pub received: Instant,
}

/// Starts the reader on `input`; at end of input it sends `quit`.
pub fn spawn_reader<R: BufRead + Send + 'static>(
    input: R,
    commands: Sender<Incoming>,
    stop: Arc<AtomicBool>,
) -> JoinHandle<()> {
    thread::Builder::new()
        .name("uci-front".into())
        .spawn(move || read_loop(input, &commands, &stop))
        .expect("the operating system can start the input thread")
}

/// Which parser reads the next line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Protocol {
    /// No command yet: the first one decides.
    Undecided,
    Uci,
    Xboard,
}

/// Parses `raw` with the protocol's parser; the first command may switch protocols.
fn parse_line(raw: &str, protocol: &mut Protocol) -> Result<Command, CommandError> {
    let command = match *protocol {
        Protocol::Xboard => crate::xboard::parse(raw),
        _ => raw.parse::<Command>(),
    };
    match (*protocol, command) {
        (Protocol::Undecided, Ok(Command::Xboard)) => {
            *protocol = Protocol::Xboard;
            Ok(Command::Cecp(XbCommand::Start))
        }
        (Protocol::Undecided, Ok(Command::Empty)) => Ok(Command::Empty),
        (Protocol::Undecided | Protocol::Xboard, Ok(Command::Uci)) => {
            *protocol = Protocol::Uci;
            Ok(Command::Uci)
        }
        (Protocol::Undecided, command) => {
            *protocol = Protocol::Uci;
            command
        }
        (_, command) => command,
    }
}

fn read_loop<R: BufRead>(mut input: R, commands: &Sender<Incoming>, stop: &AtomicBool) {
    let mut bytes = Vec::new();
    let mut protocol = Protocol::Undecided;
    loop {
        bytes.clear();
        // Bytes rather than a String: invalid UTF-8 from a GUI must not end the engine.
        let read = input.read_until(b'\n', &mut bytes);
        let received = Instant::now();
        let raw = match read {
            Ok(0) | Err(_) => {
                stop.store(true, Ordering::SeqCst);
                let _ = commands.send(Incoming { raw: String::new(), command: Ok(Command::Quit), received });
                return;
            }
            Ok(_) => String::from_utf8_lossy(&bytes).trim_end_matches(['\n', '\r']).to_string(),
        };
        let command = parse_line(&raw, &mut protocol);
        if matches!(command, Ok(Command::Stop | Command::Quit)) {
            stop.store(true, Ordering::SeqCst);
        }
        let quit = matches!(command, Ok(Command::Quit));
        if commands.send(Incoming { raw, command, received }).is_err() || quit {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossbeam_channel::unbounded;

    #[test]
    fn end_of_input_means_quit_and_stop_raises_the_flag() {
        let input = std::io::Cursor::new(b"isready\r\nstop\n".to_vec());
        let (sender, receiver) = unbounded();
        let stop = Arc::new(AtomicBool::new(false));
        spawn_reader(input, sender, Arc::clone(&stop)).join().expect("reader ends");
        let received: Vec<_> = receiver.try_iter().map(|incoming| incoming.command).collect();
        assert_eq!(received, vec![Ok(Command::IsReady), Ok(Command::Stop), Ok(Command::Quit)]);
        assert!(stop.load(Ordering::SeqCst));
    }

    #[test]
    fn a_first_xboard_line_switches_to_cecp_and_uci_switches_back() {
        let input = std::io::Cursor::new(b"\nxboard\nprotover 2\nisready\nuci\nisready\nxboard\n".to_vec());
        let (sender, receiver) = unbounded();
        spawn_reader(input, sender, Arc::new(AtomicBool::new(false))).join().expect("reader ends");
        let received: Vec<_> = receiver.try_iter().map(|incoming| incoming.command).collect();
        assert_eq!(received[1], Ok(Command::Cecp(XbCommand::Start)));
        assert_eq!(received[2], Ok(Command::Cecp(XbCommand::Protover(2))));
        assert!(received[3].is_err(), "isready is no CECP command");
        assert_eq!(received[4..], [Ok(Command::Uci), Ok(Command::IsReady), Ok(Command::Xboard), Ok(Command::Quit)]);
    }
}
