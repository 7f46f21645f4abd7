//! The necessary-condition panel of the HTML report, in the program's own
//! terms: what the condition says (satisfiable or not), its loops and its
//! inputs by source line and C variable, and the solver's example values.
//! The formula itself, in kappa's internal names (LLVM registers, symbol
//! numbers), is left to `kappa condition --failures`.

use super::{escape, SourceFile};
use kappa_condition::pruning::decide;
use kappa_condition::{compute, Answer, NecessaryCondition, Options, Target};
use kappa_expr::Assignment;
use kappa_ir::Module;
use std::collections::HashMap;
use std::fmt::Write;
use std::time::Duration;

/// One summarised loop.
pub struct LoopRow {
    /// `file:line` of the loop.
    pub at: String,
    /// Paths through the loop's body that the summary distinguishes.
    pub paths: usize,
    /// The C variables the loop changes, each with whether the summary
    /// knows its value after any number of iterations (`false`: any
    /// value).
    pub variables: Vec<(String, bool)>,
    /// Values the loop changes that are no C variable (compiler
    /// temporaries).
    pub temporaries: usize,
    /// Iterations in the solver's example (the sum over its paths).
    pub iterations: Option<u128>,
}

/// One input the condition speaks of.
pub struct InputRow {
    /// `file:line` of the `__VERIFIER_nondet_*` call.
    pub at: String,
    /// The nondet function.
    pub origin: String,
    /// Its value in the solver's example.
    pub value: Option<String>,
}

/// The panel's content.
pub struct ConditionView {
    /// `sat`, `unsat` or `unknown`.
    pub answer: &'static str,
    /// Why the solver did not decide.
    pub unknown_reason: Option<String>,
    /// Whether the example is a model of the condition itself (otherwise
    /// of a weakening: a candidate only).
    pub exact_example: bool,
    /// Target locations (calls of `reach_error` and possible failures).
    pub targets: usize,
    /// Operations that may fail among them.
    pub failing_edges: usize,
    /// Why the condition is trivially true, if it gave up.
    pub gave_up: Option<String>,
    /// The loops.
    pub loops: Vec<LoopRow>,
    /// The inputs.
    pub inputs: Vec<InputRow>,
}

/// The condition of `m` for the calls of `reach_error` and every possible
/// failure, decided within `timeout`, as the panel shows it.
pub fn view(m: &Module, timeout: Duration) -> Result<ConditionView, String> {
    let opts = Options {
        target: Target::ErrorsAndFailures,
        ..Default::default()
    };
    let c = compute(m, &opts).map_err(|e| e.to_string())?;
    let d = decide(&c, None, true, timeout);
    let names = source_names(m);
    let model = d.model.as_ref();
    let loops = c
        .summaries
        .iter()
        .map(|s| {
            let mut variables = vec![];
            let mut temporaries = 0;
            for (reg, value) in &s.theta {
                match names.get(reg.as_str()) {
                    Some(n) if !variables.iter().any(|(v, _)| v == n) => {
                        variables.push((n.clone(), value.is_some()))
                    }
                    Some(_) => {}
                    None => temporaries += 1,
                }
            }
            let iterations = model.and_then(|a| {
                s.counters
                    .iter()
                    .map(|k| a.scalars.get(k).copied())
                    .sum::<Option<u128>>()
            });
            LoopRow {
                at: s.at.clone(),
                paths: s.backbones,
                variables,
                temporaries,
                iterations,
            }
        })
        .collect();
    Ok(ConditionView {
        answer: d.answer.word(),
        unknown_reason: match &d.answer {
            Answer::Unknown(r) => Some(r.clone()),
            _ => None,
        },
        exact_example: d.answer == Answer::Sat,
        targets: c.targets,
        failing_edges: c.checked_edges,
        gave_up: c.gave_up.clone(),
        loops,
        inputs: inputs(&c, model),
    })
}

/// Register name (`%s.0`) → C variable, from the source variables the
/// frontend recorded at the loop headers of `main` (the condition's
/// registers are `main`'s, calls inlined into it).
fn source_names(m: &Module) -> HashMap<&str, String> {
    let mut names = HashMap::new();
    for f in m.functions.iter().filter(|f| f.name == "main") {
        for l in &f.locs {
            for v in &l.src_vars {
                if let Some(r) = v.reg {
                    names.insert(f.vars[r.index()].name.as_str(), v.name.clone());
                }
            }
        }
    }
    names
}

fn inputs(c: &NecessaryCondition, model: Option<&Assignment>) -> Vec<InputRow> {
    c.inputs
        .iter()
        .map(|i| InputRow {
            at: i.at.clone(),
            origin: i.origin.clone(),
            value: model
                .and_then(|a| a.scalars.get(&i.sym))
                .map(|v| value_text(&i.origin, i.ty.bits(), *v)),
        })
        .collect()
}

/// A value as the nondet function's C type reads it (signed unless the
/// function's name says unsigned).
fn value_text(origin: &str, bits: u32, v: u128) -> String {
    let o = origin.trim_start_matches("__VERIFIER_nondet_");
    let unsigned = o.starts_with('u') || matches!(o, "bool" | "pointer" | "size_t");
    if unsigned || bits <= 1 {
        v.to_string()
    } else {
        kappa_expr::to_signed(v, bits).to_string()
    }
}

/// The variable assigned by the call of `origin` on source line `text`
/// (`int n = __VERIFIER_nondet_int();` gives `n`), if the line reads so.
fn assigned_variable(text: &str, origin: &str) -> Option<String> {
    let before = text[..text.find(origin)?].trim_end();
    let before = before.strip_suffix('=')?.trim_end();
    if before.ends_with(['=', '!', '<', '>']) {
        return None;
    }
    let name: String = before
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    (!name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit())).then_some(name)
}

/// The text of source line `file:line`, trimmed.
fn line_text<'a>(sources: &'a [SourceFile], at: &str) -> Option<&'a str> {
    let (file, line) = at.rsplit_once(':')?;
    let line: usize = line.parse().ok()?;
    let f = sources.iter().find(|s| s.name == file)?;
    Some(f.text.lines().nth(line.checked_sub(1)?)?.trim())
}

fn code_of(sources: &[SourceFile], at: &str) -> String {
    match line_text(sources, at) {
        Some(t) if !t.is_empty() => format!("{} <code>{}</code>", escape(at), escape(t)),
        _ => escape(at),
    }
}

/// The panel's HTML (`<section id="condition">`).
pub fn render(o: &mut String, v: &Result<ConditionView, String>, sources: &[SourceFile]) {
    o.push_str("<section id=\"condition\">\n<h2>Necessary condition</h2>\n");
    let v = match v {
        Ok(v) => v,
        Err(e) => {
            let _ = writeln!(
                o,
                "<p class=\"note\">not computed: {}</p>\n</section>",
                escape(e)
            );
            return;
        }
    };
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let _ = writeln!(
        o,
        "<p>A formula over the program's inputs that every run reaching an error satisfies: a call of reach_error or an operation that may fail ({} location{}{}). Each loop in it is summarised by its number of iterations.</p>",
        v.targets,
        plural(v.targets),
        if v.failing_edges > 0 {
            format!(" and {} operation{} that may fail", v.failing_edges, plural(v.failing_edges))
        } else {
            String::new()
        },
    );
    let verdict = match v.answer {
        "unsat" => "<b>unsatisfiable</b>: no input reaches an error, which proves the program correct.".to_string(),
        "sat" => "<b>satisfiable</b>: the condition does not rule an error out (it is necessary, not sufficient: the example below need not reach one).".to_string(),
        _ => format!(
            "<b>undecided</b>{}.",
            v.unknown_reason
                .as_ref()
                .map(|r| format!(": {}", escape(r)))
                .unwrap_or_default()
        ),
    };
    let _ = writeln!(o, "<p id=\"condition-answer\">{verdict}</p>");
    if let Some(g) = &v.gave_up {
        let _ = writeln!(
            o,
            "<p class=\"note\">gave up ({}): the condition is <code>true</code></p>",
            escape(g)
        );
    }
    let example = if v.exact_example {
        "in the example"
    } else {
        "in a candidate example (of a weaker formula)"
    };
    let any_example = v.loops.iter().any(|l| l.iterations.is_some())
        || v.inputs.iter().any(|i| i.value.is_some());
    if !v.loops.is_empty() {
        let _ = writeln!(o, "<table class=\"condition-loops\">\n<tr><th>loop</th><th>paths through its body</th><th>variables it changes</th>{}</tr>",
            if any_example { format!("<th>iterations {example}</th>") } else { String::new() });
        for l in &v.loops {
            let mut vars: Vec<String> = l
                .variables
                .iter()
                .map(|(n, known)| {
                    if *known {
                        format!("<code>{}</code>", escape(n))
                    } else {
                        format!("<code>{}</code> (any value after the loop)", escape(n))
                    }
                })
                .collect();
            if l.temporaries > 0 {
                vars.push(format!(
                    "{} value{} of the compiler's",
                    l.temporaries,
                    if l.temporaries == 1 { "" } else { "s" }
                ));
            }
            let _ = writeln!(
                o,
                "<tr class=\"condition-loop\"><td>{}</td><td>{}</td><td>{}</td>{}</tr>",
                code_of(sources, &l.at),
                l.paths,
                vars.join(", "),
                if any_example {
                    format!(
                        "<td>{}</td>",
                        l.iterations.map(|n| n.to_string()).unwrap_or_default()
                    )
                } else {
                    String::new()
                }
            );
        }
        o.push_str("</table>\n");
    }
    if !v.inputs.is_empty() {
        let _ = writeln!(o, "<table class=\"condition-inputs\">\n<tr><th>input read at</th><th>variable</th>{}</tr>",
            if any_example { format!("<th>value {example}</th>") } else { String::new() });
        for i in &v.inputs {
            let var = line_text(sources, &i.at)
                .and_then(|t| assigned_variable(t, &i.origin))
                .map(|n| format!("<code>{}</code>", escape(&n)))
                .unwrap_or_else(|| format!("{}()", escape(&i.origin)));
            let _ = writeln!(
                o,
                "<tr class=\"condition-input\"><td>{}</td><td>{var}</td>{}</tr>",
                code_of(sources, &i.at),
                if any_example {
                    format!(
                        "<td>{}</td>",
                        i.value.as_deref().map(escape).unwrap_or_default()
                    )
                } else {
                    String::new()
                }
            );
        }
        o.push_str("</table>\n");
    } else {
        o.push_str("<p class=\"note\">the condition reads no input</p>\n");
    }
    o.push_str("<p class=\"note\">the formula itself, in kappa's internal names: <code>kappa condition --failures FILE</code></p>\n</section>\n");
}

#[cfg(test)]
mod tests {
    use super::assigned_variable;

    #[test]
    fn the_assigned_variable_is_read_from_the_line() {
        let o = "__VERIFIER_nondet_int";
        assert_eq!(
            assigned_variable("int n = __VERIFIER_nondet_int();", o).as_deref(),
            Some("n")
        );
        assert_eq!(
            assigned_variable("a[i] = __VERIFIER_nondet_int();", o),
            None
        );
        assert_eq!(
            assigned_variable("s.x_1 = __VERIFIER_nondet_int();", o).as_deref(),
            Some("s.x_1")
        );
        assert_eq!(
            assigned_variable("if (x == __VERIFIER_nondet_int())", o),
            None
        );
        assert_eq!(assigned_variable("f(__VERIFIER_nondet_int());", o), None);
    }
}
