//! SV-COMP task definitions (format 2.0 `.yml`): input files, the
//! unreach-call property and its expected verdict, and the data model.

use crate::FrontendError;
use kappa_ir::DataModel;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// A parsed task.
#[derive(Clone, Debug)]
pub struct Task {
    /// The `.yml` file.
    pub path: PathBuf,
    /// Input files, resolved relative to the task file.
    pub input_files: Vec<PathBuf>,
    /// Data model (`options.data_model`; ILP32 when absent).
    pub data_model: DataModel,
    /// Expected verdict for unreach-call, if the task states one.
    pub expected_verdict: Option<bool>,
}

#[derive(Deserialize)]
struct RawTask {
    format_version: Option<serde_yaml::Value>,
    input_files: serde_yaml::Value,
    #[serde(default)]
    properties: Vec<RawProperty>,
    #[serde(default)]
    options: Option<RawOptions>,
}

#[derive(Deserialize)]
struct RawProperty {
    property_file: String,
    expected_verdict: Option<bool>,
}

#[derive(Deserialize)]
struct RawOptions {
    data_model: Option<String>,
}

impl Task {
    /// Reads and validates a task file. The task must have an unreach-call
    /// property (the only one kappa checks) and existing input files.
    pub fn read(path: &Path) -> Result<Task, FrontendError> {
        let err = |reason: String| FrontendError::Task {
            path: path.into(),
            reason,
        };
        let bytes = std::fs::read(path).map_err(|e| FrontendError::Unreadable {
            path: path.into(),
            reason: e.to_string(),
        })?;
        let text =
            String::from_utf8(bytes).map_err(|_| FrontendError::Binary { path: path.into() })?;
        let raw: RawTask = serde_yaml::from_str(&text).map_err(|e| err(format!("{e}")))?;
        if let Some(v) = &raw.format_version {
            let s = match v {
                serde_yaml::Value::String(s) => s.clone(),
                serde_yaml::Value::Number(n) => n.to_string(),
                _ => String::new(),
            };
            if !s.starts_with('2') && !s.starts_with('1') {
                return Err(err(format!("unsupported format_version {s}")));
            }
        }
        let dir = path.parent().unwrap_or(Path::new("."));
        let names: Vec<String> = match &raw.input_files {
            serde_yaml::Value::String(s) => vec![s.clone()],
            serde_yaml::Value::Sequence(items) => items
                .iter()
                .map(|i| {
                    i.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| err("input_files must be strings".into()))
                })
                .collect::<Result<_, _>>()?,
            _ => return Err(err("input_files must be a string or a list".into())),
        };
        if names.is_empty() {
            return Err(err("no input_files".into()));
        }
        let mut input_files = vec![];
        for n in names {
            let p = dir.join(&n);
            if !p.is_file() {
                return Err(err(format!("input file {n} does not exist")));
            }
            input_files.push(p);
        }
        let prop = raw
            .properties
            .iter()
            .find(|p| p.property_file.ends_with("unreach-call.prp"))
            .ok_or_else(|| {
                let have: Vec<&str> = raw
                    .properties
                    .iter()
                    .map(|p| p.property_file.as_str())
                    .collect();
                err(format!(
                    "no unreach-call property (kappa checks only unreach-call; task has: {})",
                    if have.is_empty() {
                        "none".to_string()
                    } else {
                        have.join(", ")
                    }
                ))
            })?;
        let data_model = match raw.options.and_then(|o| o.data_model) {
            Some(s) => {
                DataModel::parse(&s).ok_or_else(|| err(format!("unknown data_model {s}")))?
            }
            None => DataModel::Ilp32,
        };
        Ok(Task {
            path: path.into(),
            input_files,
            data_model,
            expected_verdict: prop.expected_verdict,
        })
    }
}
