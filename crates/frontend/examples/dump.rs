//! Prints the kappa IR of a program (development aid; `kappa ir` is the user command).
fn main() {
    let p = std::env::args().nth(1).expect("usage: dump FILE");
    match kappa_frontend::load(std::path::Path::new(&p), &Default::default()) {
        Ok(prog) => print!("{}", prog.module),
        Err(e) => eprintln!("error: {e}"),
    }
}
