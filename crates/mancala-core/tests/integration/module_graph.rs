//! No import circle between the modules of the crate.
//!
//! A module that names another (`use crate::x::...`, `crate::x::f(...)`,
//! `super::...` from a file of a module directory, or an item that `lib.rs`
//! re-exports from `x`) depends on it; two modules that depend on each other,
//! directly or through others, cannot be read or changed one at a time.
//! Method calls on a type defined elsewhere name no module and make no edge;
//! test code (from a file's first `#[cfg(test)]` on) is left out.
//!
//! The reading is textual and self-contained, so that any crate of the
//! workspace can run it on its own sources: `module_graph(src_dir)` and
//! `circles(&graph)`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module name (`engine`, `engine::sowing`) to the modules it names.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The module a source file holds: `a.rs` and `a/mod.rs` hold `a`, `a/b.rs` holds `a::b`.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("readable source directory")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's code without its tests (a `#[cfg(test)]` declaration of one
/// line, or everything from a `#[cfg(test)]` block on), comments removed.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            match lines.next() {
                Some(item) if item.trim_end().ends_with(';') => continue,
                _ => break,
            }
        }
        let line = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        code.push_str(line);
        code.push('\n');
    }
    code
}

/// The paths of a `use` tree or path expression starting at `text`
/// (just after `crate::` or `super::`), as lists of segments.
fn paths_at(text: &str) -> Vec<Vec<String>> {
    fn tree(chars: &[char], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        loop {
            while *at < chars.len() && chars[*at].is_whitespace() {
                *at += 1;
            }
            if *at < chars.len() && chars[*at] == '{' {
                *at += 1;
                loop {
                    tree(chars, at, &path, out);
                    while *at < chars.len() && chars[*at].is_whitespace() {
                        *at += 1;
                    }
                    match chars.get(*at) {
                        Some(',') => *at += 1,
                        Some('}') => {
                            *at += 1;
                            return;
                        }
                        _ => return,
                    }
                    while *at < chars.len() && chars[*at].is_whitespace() {
                        *at += 1;
                    }
                    if chars.get(*at) == Some(&'}') {
                        *at += 1;
                        return;
                    }
                }
            }
            let start = *at;
            while *at < chars.len() && (chars[*at].is_alphanumeric() || chars[*at] == '_') {
                *at += 1;
            }
            if start == *at {
                // `*` or the end of the path.
                if chars.get(*at) == Some(&'*') {
                    *at += 1;
                }
                out.push(path);
                return;
            }
            path.push(chars[start..*at].iter().collect());
            if chars.get(*at) == Some(&':') && chars.get(*at + 1) == Some(&':') {
                *at += 2;
            } else {
                out.push(path);
                return;
            }
        }
    }
    let chars: Vec<char> = text.chars().take(4000).collect();
    let mut out = Vec::new();
    tree(&chars, &mut 0, &[], &mut out);
    out
}

/// The import graph of the crate whose sources are in `src`.
pub fn module_graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<String> = files
        .iter()
        .map(|f| module_of(src, f))
        .filter(|m| m != "lib" && m != "main")
        .collect();
    // Items `lib.rs` (or `main.rs`) re-exports, by the module they come from.
    let mut reexported: BTreeMap<String, String> = BTreeMap::new();
    for root in ["lib.rs", "main.rs"] {
        let Ok(text) = std::fs::read_to_string(src.join(root)) else {
            continue;
        };
        let code = code_of(&text);
        for (at, _) in code.match_indices("pub use ") {
            for path in paths_at(&code[at + "pub use ".len()..]) {
                if let (Some(first), Some(last)) = (path.first(), path.last())
                    && modules.contains(first)
                {
                    reexported.insert(last.clone(), resolve(&modules, &path));
                }
            }
        }
    }
    let mut graph = Graph::new();
    for file in &files {
        let module = module_of(src, file);
        if !modules.contains(&module) {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(file).expect("readable source"));
        let parent: Vec<String> = {
            let mut parts: Vec<String> = module.split("::").map(String::from).collect();
            parts.pop();
            parts
        };
        let nested = file.file_name().is_some_and(|n| n != "mod.rs") && !parent.is_empty();
        let mut named = BTreeSet::new();
        for (keyword, base) in [("crate::", Vec::new()), ("super::", parent.clone())] {
            if keyword == "super::" && !nested {
                continue;
            }
            for (at, _) in code.match_indices(keyword) {
                // `$crate::` in macros and `mancala_core::` are other paths.
                let before = code[..at].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':') {
                    continue;
                }
                for path in paths_at(&code[at + keyword.len()..]) {
                    let mut full = base.clone();
                    for segment in path {
                        if segment == "super" {
                            full.pop();
                        } else {
                            full.push(segment);
                        }
                    }
                    let Some(first) = full.first() else { continue };
                    let target = if modules.contains(first) {
                        resolve(&modules, &full)
                    } else if let Some(m) = reexported.get(first) {
                        m.clone()
                    } else {
                        continue;
                    };
                    named.insert(target);
                }
            }
        }
        named.remove(&module);
        graph.insert(module, named);
    }
    graph
}

/// The deepest module `path` names.
fn resolve(modules: &BTreeSet<String>, path: &[String]) -> String {
    let mut best = path[0].clone();
    for k in 2..=path.len() {
        let candidate = path[..k].join("::");
        if modules.contains(&candidate) {
            best = candidate;
        }
    }
    best
}

/// The circles of `graph`: its strongly connected components of more than
/// one module (Tarjan's algorithm), each sorted.
pub fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        w.on_stack.insert(v);
        for u in w.graph.get(v).into_iter().flatten() {
            let u = u.as_str();
            if !w.graph.contains_key(u) {
                continue;
            }
            if !w.index.contains_key(u) {
                visit(w, u);
                let low = w.low[v].min(w.low[u]);
                w.low.insert(v, low);
            } else if w.on_stack.contains(u) {
                let low = w.low[v].min(w.index[u]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut component = Vec::new();
            while let Some(u) = w.stack.pop() {
                w.on_stack.remove(u);
                component.push(u.to_string());
                if u == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                w.found.push(component);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            visit(&mut walk, v);
        }
    }
    walk.found.sort();
    walk.found
}

#[test]
fn the_modules_of_core_import_in_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = module_graph(&src);
    assert!(graph.len() > 5, "modules read: {graph:?}");
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "import circles between core's modules: {found:?}\ngraph: {graph:#?}"
    );
}

/// The workspace's other crates read the same way: their sources sit
/// beside core's (`crates/*/src`, and the Python module's `python/src`).
#[test]
fn the_modules_of_every_crate_import_in_no_circle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&crates)
        .expect("the workspace's crates")
        .map(|e| e.expect("directory entry").path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    sources.push(crates.join("../python/src"));
    sources.sort();
    assert!(sources.len() > 5, "crates read: {sources:?}");
    for src in sources.iter().filter(|src| src.is_dir()) {
        let graph = module_graph(src);
        let found = circles(&graph);
        assert!(
            found.is_empty(),
            "import circles in {}: {found:?}\ngraph: {graph:#?}",
            src.display()
        );
    }
}

/// The most lines of code (tests left out) a source file of core holds: a
/// file longer than that holds more than one mechanism, to be split by them.
const MOST_LINES: usize = 1000;

#[test]
fn no_source_file_of_core_is_over_a_thousand_lines_without_its_tests() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 5, "files read: {files:?}");
    let long: Vec<(String, usize)> = files
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).expect("readable source");
            (module_of(&src, file), code_of(&text).lines().count())
        })
        .filter(|&(_, lines)| lines > MOST_LINES)
        .collect();
    assert!(
        long.is_empty(),
        "files of core over {MOST_LINES} lines without their tests: {long:?}"
    );
}

#[test]
fn a_circle_is_found_through_reexports_groups_and_super() {
    let dir = std::env::temp_dir().join(format!("module-graph-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("b")).unwrap();
    std::fs::write(
        dir.join("lib.rs"),
        "mod a;\nmod b;\n#[cfg(test)]\nmod tests;\nmod c;\npub use a::Alpha;\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("a.rs"),
        "use crate::{c::{Gamma, x}, Other};\npub struct Alpha;\n",
    )
    .unwrap();
    std::fs::write(dir.join("b/mod.rs"), "mod inner;\n").unwrap();
    std::fs::write(dir.join("b/inner.rs"), "use super::super::c::Gamma;\n").unwrap();
    std::fs::write(
        dir.join("c.rs"),
        "// crate::b::inner is only named in a comment\nfn f() -> crate::Alpha { todo!() }\n#[cfg(test)]\nuse crate::b::inner;\n",
    )
    .unwrap();
    let graph = module_graph(&dir);
    assert_eq!(graph["a"], BTreeSet::from(["c".to_string()]));
    assert_eq!(graph["c"], BTreeSet::from(["a".to_string()]));
    assert_eq!(graph["b::inner"], BTreeSet::from(["c".to_string()]));
    assert_eq!(
        circles(&graph),
        vec![vec!["a".to_string(), "c".to_string()]]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
