//! The symbolic execution tree, recorded on request: one node per fork point
//! and per terminated path, edges labelled with branch conditions. Rendered
//! as Graphviz DOT.

use serde::Serialize;
use std::fmt::Write;

/// How a leaf ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum LeafKind {
    /// `reach_error` was called.
    Error,
    /// The program returned from `main`, called `exit`/`abort`, or an assumption failed.
    Exit,
    /// The path could not be explored completely (solver unknown, unsupported
    /// construct, possible undefined behaviour, bound): a failed leaf.
    Failed(String),
}

/// A node of the tree.
#[derive(Clone, Debug, Serialize)]
pub struct TreeNode {
    /// Parent node (`None` for the root).
    pub parent: Option<usize>,
    /// `file:line` where the node's state stood.
    pub label: String,
    /// Condition on the edge from the parent (empty for straight-line steps).
    pub edge: String,
    /// Set for leaves.
    pub leaf: Option<LeafKind>,
    /// Set for a template instantiation of compact execution: the fresh
    /// parameter κ (drawn as a filled hexagon, the paper's Figure 1(c)).
    pub template: Option<String>,
}

/// The tree; node 0 is the root.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ExecTree {
    /// All nodes.
    pub nodes: Vec<TreeNode>,
    /// Nodes were dropped because the tree reached its size limit.
    pub truncated: bool,
    /// Size limit (nodes).
    pub limit: usize,
}

impl ExecTree {
    /// A tree with a root labelled `label`, holding at most `limit` nodes.
    pub fn new(label: String, limit: usize) -> ExecTree {
        ExecTree {
            nodes: vec![TreeNode {
                parent: None,
                label,
                edge: String::new(),
                leaf: None,
                template: None,
            }],
            truncated: false,
            limit,
        }
    }
    /// Adds a child of `parent`; returns its id (or `parent` when the tree is full).
    pub fn add(
        &mut self,
        parent: usize,
        label: String,
        edge: String,
        leaf: Option<LeafKind>,
    ) -> usize {
        if self.nodes.len() >= self.limit {
            self.truncated = true;
            return parent;
        }
        self.nodes.push(TreeNode {
            parent: Some(parent),
            label,
            edge,
            leaf,
            template: None,
        });
        self.nodes.len() - 1
    }
    /// Adds a template-instantiation node with parameter `param` under
    /// `parent`; returns its id (or `parent` when the tree is full).
    pub fn add_template(&mut self, parent: usize, label: String, param: String) -> usize {
        let id = self.add(parent, label, String::new(), None);
        if id != parent {
            self.nodes[id].template = Some(param);
        }
        id
    }
    /// Graphviz DOT text; deterministic.
    pub fn to_dot(&self) -> String {
        let esc = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
        let mut out = String::from("digraph kappa_tree {\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n  edge [fontname=\"monospace\", fontsize=9];\n");
        for (i, n) in self.nodes.iter().enumerate() {
            let (shape, color, extra) = match &n.leaf {
                None if n.template.is_some() => (
                    "hexagon, style=filled, fillcolor=lightblue",
                    "blue",
                    format!("\\ntemplate {}", esc(n.template.as_deref().unwrap_or(""))),
                ),
                None => ("box", "black", String::new()),
                Some(LeafKind::Error) => ("doubleoctagon", "red", "\\nERROR".to_string()),
                Some(LeafKind::Exit) => ("ellipse", "darkgreen", "\\nexit".to_string()),
                Some(LeafKind::Failed(why)) => (
                    "octagon",
                    "orange",
                    format!("\\nFAILED: {}", esc(&truncate(why, 40))),
                ),
            };
            let _ = writeln!(
                out,
                "  n{i} [label=\"{}{extra}\", shape={shape}, color={color}];",
                esc(&n.label)
            );
            if let Some(p) = n.parent {
                let _ = writeln!(
                    out,
                    "  n{p} -> n{i} [label=\"{}\"];",
                    esc(&truncate(&n.edge, 60))
                );
            }
        }
        if self.truncated {
            let _ = writeln!(
                out,
                "  truncated [label=\"tree truncated at {} nodes\", shape=note];",
                self.limit
            );
        }
        out.push_str("}\n");
        out
    }
}

/// `s` cut to at most `n` characters, with `…` when cut.
pub fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n).collect();
        t.push('…');
        t
    }
}
