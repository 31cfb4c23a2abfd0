//! The repository's own shape, checked from its files: no import circles
//! between the modules of any crate, and code and docs that describe the
//! present (no markers of past work rounds; git keeps the history).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Rust source with comments removed and every string and character
/// literal emptied, so that only code is left to read paths from.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            // Block comments nest in Rust.
            let mut depth = 0;
            while i < b.len() {
                if text[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if text[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(hashes) = raw_string_start(rest) {
            let close = format!("\"{}", "#".repeat(hashes));
            let body = i + rest.find('"').unwrap() + 1;
            i = text[body..]
                .find(&close)
                .map_or(b.len(), |k| body + k + close.len());
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '\u{1F600}') or a lifetime ('a).
            let mut chars = rest[1..].chars();
            match (chars.next(), chars.next()) {
                (Some('\\'), _) => {
                    let end = rest[2..].find('\'').map_or(rest.len(), |k| k + 3);
                    i += end;
                    out.push_str("' '");
                }
                (Some(c), Some('\'')) => {
                    i += 2 + c.len_utf8();
                    out.push_str("' '");
                }
                _ => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// `Some(hashes)` when `s` opens a raw string (`r"`, `r#"`, `br"` ...).
fn raw_string_start(s: &str) -> Option<usize> {
    let s = s.strip_prefix('b').unwrap_or(s);
    let s = s.strip_prefix('r')?;
    let hashes = s.len() - s.trim_start_matches('#').len();
    s[hashes..].starts_with('"').then_some(hashes)
}

/// `code` without its `#[cfg(test)]` modules (`mod tests { ... }`): a test
/// may read any module.
fn without_test_modules(code: &str) -> String {
    let mut code = code.to_string();
    while let Some(at) = code.find("#[cfg(test)]") {
        let after = &code[at..];
        let Some(open) = after.find('{') else { break };
        // Only a module's body is dropped; a `mod tests;` line is handled
        // by the caller.
        if after.find(';').is_some_and(|semi| semi < open) {
            code.replace_range(at..at + "#[cfg(test)]".len(), "");
            continue;
        }
        let mut depth = 0;
        let mut end = code.len();
        for (k, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = at + open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        code.replace_range(at..end, "");
    }
    code
}

/// The identifier paths (`a::b::C`) following each occurrence of `prefix`,
/// with `{ ... }` groups expanded one level (`use crate::{a, b::C}`).
fn paths_after(code: &str, prefix: &str) -> Vec<String> {
    let mut found = Vec::new();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(k) = code[from..].find(prefix) {
        let at = from + k;
        from = at + prefix.len();
        if code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| is_ident(c) || c == ':')
        {
            continue;
        }
        let rest = &code[from..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let item: String = item
                    .trim()
                    .chars()
                    .take_while(|&c| is_ident(c) || c == ':')
                    .collect();
                if !item.is_empty() {
                    found.push(item);
                }
            }
        } else {
            let path: String = rest
                .chars()
                .take_while(|&c| is_ident(c) || c == ':')
                .collect();
            found.push(path.trim_end_matches(':').to_string());
        }
    }
    found
}

/// One crate's modules (`a::b`, the root as "") and their sources.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(src).unwrap().with_extension("");
                let mut parts: Vec<String> = rel
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                if parts.last().is_some_and(|p| p == "mod") {
                    parts.pop();
                }
                if parts == ["lib"] || parts == ["main"] {
                    parts.clear();
                }
                found.insert(
                    parts.join("::"),
                    code_only(&fs::read_to_string(&path).unwrap()),
                );
            }
        }
    }
    found
}

/// Each module's imports of other modules of its crate (`use crate::...`,
/// `crate::x::y` in code, `super::`), test modules left out. An item the
/// crate root re-exports counts as an import of the module it comes from.
fn import_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mods = modules(src);
    let mut test_modules = BTreeSet::new();
    for (name, code) in &mods {
        let mut rest = code.as_str();
        while let Some(k) = rest.find("#[cfg(test)]") {
            rest = &rest[k + "#[cfg(test)]".len()..];
            let decl = rest
                .trim_start()
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub ");
            if let Some(decl) = decl.strip_prefix("mod ")
                && let Some(semi) = decl.find(';')
                && decl[..semi]
                    .trim()
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_')
            {
                let child = decl[..semi].trim();
                test_modules.insert(if name.is_empty() {
                    child.to_string()
                } else {
                    format!("{name}::{child}")
                });
            }
        }
    }
    // The root's re-exports: `pub use m::{A, B as C};` names A and C from m.
    let mut reexports: BTreeMap<String, String> = BTreeMap::new();
    let root = mods.get("").cloned().unwrap_or_default();
    for stmt in root.split(';') {
        let Some(k) = stmt.find("pub use ") else {
            continue;
        };
        let stmt = stmt[k + "pub use ".len()..]
            .trim()
            .trim_start_matches("self::");
        let (base, items) = match stmt.find("::{") {
            Some(b) => (
                format!("{}::", &stmt[..b]),
                stmt[b + 3..].trim_end_matches('}').to_string(),
            ),
            None => (String::new(), stmt.to_string()),
        };
        for item in items.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (path, alias) = match item.split_once(" as ") {
                Some((p, a)) => (p.trim(), a.trim()),
                None => (item, item.rsplit("::").next().unwrap()),
            };
            reexports.insert(alias.to_string(), format!("{base}{path}"));
        }
    }
    let resolve = |path: &str| -> Option<String> {
        let mut path = path.to_string();
        for _ in 0..4 {
            let first = path.split("::").next().unwrap_or("").to_string();
            match reexports.get(&first) {
                Some(target) if !mods.contains_key(&first) => {
                    path = format!("{target}{}", &path[first.len()..]);
                }
                _ => break,
            }
        }
        let parts: Vec<&str> = path.split("::").collect();
        (0..=parts.len())
            .rev()
            .map(|k| parts[..k].join("::"))
            .find(|m| mods.contains_key(m))
    };
    let is_test = |m: &str| {
        test_modules
            .iter()
            .any(|t| m == t || m.starts_with(&format!("{t}::")))
    };
    let mut graph = BTreeMap::new();
    for (name, code) in &mods {
        if is_test(name) {
            continue;
        }
        let mut code = without_test_modules(code);
        if name.is_empty() {
            // The root's `pub use` lines are the crate's face, not imports.
            code = code
                .split(';')
                .filter(|s| !s.trim_start().starts_with("pub use "))
                .collect::<Vec<_>>()
                .join(";");
        }
        let mut imports = BTreeSet::new();
        for path in paths_after(&code, "crate::") {
            imports.extend(resolve(&path));
        }
        let base: Vec<&str> = if name.is_empty() {
            vec![]
        } else {
            name.split("::").collect()
        };
        for path in paths_after(&code, "super::") {
            let mut up = 1;
            let mut path = path.as_str();
            while let Some(rest) = path.strip_prefix("super::") {
                up += 1;
                path = rest;
            }
            if up > base.len() {
                continue;
            }
            let parent = base[..base.len() - up].join("::");
            let full = if parent.is_empty() {
                path.to_string()
            } else {
                format!("{parent}::{path}")
            };
            imports.extend(resolve(&full));
        }
        if name.is_empty() {
            // The root naming its modules in its own code: `m::item`.
            for m in mods.keys().filter(|m| !m.is_empty() && !m.contains("::")) {
                if paths_after(&code, &format!("{m}::")).iter().any(|_| true) {
                    imports.insert(m.clone());
                }
            }
        }
        imports.remove(name);
        imports.retain(|m| !is_test(m));
        graph.insert(name.clone(), imports);
    }
    graph
}

/// The circles of `graph`: its strongly connected components of more than
/// one module, each sorted.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Tarjan's algorithm, iterative over a small graph.
    struct State<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        for w in s.graph.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.stack.contains(&w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                component.push(if w.is_empty() {
                    "<root>".to_string()
                } else {
                    w.to_string()
                });
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.found
}

fn crates() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    found.sort();
    found
}

#[test]
fn no_crate_has_an_import_circle_between_its_modules() {
    let mut found = Vec::new();
    for dir in crates() {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        for circle in circles(&import_graph(&dir.join("src"))) {
            found.push(format!("{name}: {}", circle.join(" ")));
        }
    }
    assert!(
        found.is_empty(),
        "import circles between modules: {found:#?}"
    );
}

#[test]
fn the_circle_finder_sees_circles() {
    let dir = std::env::temp_dir().join(format!("mancala-circles-{}", std::process::id()));
    fs::create_dir_all(dir.join("b")).unwrap();
    fs::write(
        dir.join("lib.rs"),
        "mod a;\nmod b;\nmod c;\npub use c::Thing;\n",
    )
    .unwrap();
    // a -> b::inner (through a group), b::inner -> c (through the root's
    // re-export), c -> a: one circle. The strings and comments name other
    // modules and must be ignored; so must the test module.
    fs::write(
        dir.join("a.rs"),
        "use crate::{b::inner::f, c};\n// crate::d\n",
    )
    .unwrap();
    fs::write(dir.join("b.rs"), "pub mod inner;\n").unwrap();
    fs::write(
        dir.join("b/inner.rs"),
        "pub fn f() -> crate::Thing { let _ = \"crate::a\"; todo!() }\n",
    )
    .unwrap();
    fs::write(
        dir.join("c.rs"),
        "pub struct Thing;\nfn g() { super::a::h(); }\n#[cfg(test)]\nmod tests { use crate::b; }\n",
    )
    .unwrap();
    let graph = import_graph(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        circles(&graph),
        vec![vec!["a", "b::inner", "c"]],
        "{graph:?}"
    );
    assert!(
        !graph["a"].contains("d") && !graph["b::inner"].contains("a"),
        "{graph:?}"
    );
}

/// The markers of past work rounds: "stop", "issue" or "session" and a number.
fn history_markers(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut found = Vec::new();
    for word in ["stop ", "stops ", "issue ", "issues ", "session "] {
        let mut from = 0;
        while let Some(k) = lower[from..].find(word) {
            let at = from + k;
            from = at + word.len();
            let before_ok = !lower[..at]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric);
            if before_ok && lower[from..].starts_with(|c: char| c.is_ascii_digit()) {
                let line = lower[..at].matches('\n').count() + 1;
                let digits = lower[from..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .count();
                found.push(format!("line {line}: {}", &lower[at..from + digits]));
            }
        }
    }
    found
}

#[test]
fn code_and_docs_carry_no_markers_of_past_work() {
    let root = root();
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if !name.starts_with('.') && name != "target" && name != "node_modules" {
                    dirs.push(path);
                }
            } else if ["rs", "md", "toml", "ftl", "sh", "py", "js", "html", "css"]
                .iter()
                .any(|e| name.ends_with(&format!(".{e}")))
            {
                files.push(path);
            }
        }
    }
    files.push(root.join(".ci/run"));
    let mut found = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        for marker in history_markers(&text) {
            found.push(format!("{rel} {marker}"));
        }
    }
    assert!(
        found.is_empty(),
        "markers of past work (git keeps the history): {found:#?}"
    );
    // Written in pieces, so that this file holds no marker itself.
    let sample = ["after Stop", " 21, see issue", " 9; nonstop 3"].concat();
    let expected = [
        ["line 1: stop", " 21"].concat(),
        ["line 1: issue", " 9"].concat(),
    ];
    assert_eq!(history_markers(&sample), expected);
}

/// The numbers written before `phrase` in `text`: "40 built-in games".
fn numbers_before(text: &str, phrase: &str) -> Vec<usize> {
    text.match_indices(phrase)
        .filter_map(|(at, _)| {
            let before = text[..at].trim_end();
            let digits: String = before
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            digits.parse().ok()
        })
        .collect()
}

#[test]
fn the_docs_count_the_games_there_are() {
    let root = root();
    let games = fs::read_dir(root.join("games"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "toml")
        })
        .count();
    let mut docs = vec![root.join("README.md")];
    docs.extend(
        fs::read_dir(root.join("docs"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "md")),
    );
    let mut seen = 0;
    for path in docs {
        let text = fs::read_to_string(&path).unwrap();
        for phrase in [" built-in games", " games: `GET /api/rules`"] {
            for n in numbers_before(&text, phrase) {
                assert_eq!(
                    n,
                    games,
                    "{}: \"{n}{phrase}\", games/ holds {games}",
                    path.display()
                );
                seen += 1;
            }
        }
    }
    assert!(
        seen >= 2,
        "the README and docs/api.md say how many games there are"
    );
    assert_eq!(
        numbers_before("the 40 built-in games", " built-in games"),
        [40]
    );
}
