//! The engine driven by python-chess's XBoard client (`popen_xboard`), a real
//! CECP 2 client: a whole game under clocks, analysis, ping, node limits,
//! Chess960, a resignation, draw offers and illegal input
//! (tests/client/xboard_client.py). A machine without python-chess skips it
//! outside CI (`common::python::run_client`).

mod common;

#[test]
fn python_chess_xboard_client_plays_analyses_resigns_and_draws() {
    common::python::run_client("xboard_client.py", "python-chess XBoard client");
}
