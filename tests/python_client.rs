//! The engine driven by python-chess, a real UCI client library
//! (tests/client/python_client.py). A machine without python-chess skips it
//! outside CI (`common::python::run_client`).

mod common;

#[test]
fn python_chess_client_plays_analyses_and_ponders() {
    common::python::run_client("python_client.py", "python-chess client");
}
