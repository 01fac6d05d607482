//! The cluster recipes of docs/cluster/, run here as the cluster would run them: the Slurm
//! job script as each task of its array, the Kubernetes Indexed Job's command for each index
//! (with a small tournament in place of the template's long one); the merged shards must give
//! exactly the report of one run.

use std::path::Path;

use crate::binary::regula;

/// The report of one run of the small tournament the tests play.
fn one_run(rules: &str, agents: &str, games: &str) -> String {
    let (code, out, err) = regula(&[
        "evaluate",
        rules,
        "--agents",
        agents,
        "--games",
        games,
        "--seed",
        "1",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    out
}

/// `regula evaluate --merge` of every part in `dir`.
fn merged(dir: &Path) -> String {
    let mut parts: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    parts.sort();
    let mut args = vec!["evaluate", "--format", "json", "--merge"];
    args.extend(parts.iter().map(String::as_str));
    let (code, out, err) = regula(&args);
    assert_eq!(code, 0, "{err}");
    out
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cluster")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_slurm_script_as_an_array_of_three_merges_into_one_run() {
    let out = scratch("slurm");
    for i in 0..3 {
        let status = std::process::Command::new("bash")
            .arg("docs/cluster/slurm-evaluate.sh")
            .env("SLURM_ARRAY_TASK_ID", i.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", "3")
            .env("REGULA", crate::binary::PATH)
            .env("RULES", "rules/english-draughts.rules")
            .env("AGENTS", "greedy,random")
            .env("GAMES", "6")
            .env("SEED", "1")
            .env("OUT", &out)
            .status()
            .expect("bash runs");
        assert!(status.success(), "task {i}");
    }
    assert_eq!(
        merged(&out),
        one_run("rules/english-draughts.rules", "greedy,random", "6")
    );
}

#[test]
fn the_kubernetes_indexed_job_runs_its_shards() {
    let text = std::fs::read_to_string("docs/cluster/evaluate-indexed-job.yaml").unwrap();
    let job: serde_yaml::Value = serde_yaml::from_str(&text).expect("the manifest is YAML");
    assert_eq!(job["kind"].as_str(), Some("Job"));
    assert_eq!(job["apiVersion"].as_str(), Some("batch/v1"));
    let spec = &job["spec"];
    assert_eq!(spec["completionMode"].as_str(), Some("Indexed"));
    let n = spec["completions"].as_u64().expect("completions");
    assert_eq!(spec["parallelism"].as_u64(), Some(n));
    let container = &spec["template"]["spec"]["containers"][0];
    let command = container["args"][0]
        .as_str()
        .expect("the shard's command line");
    assert!(
        command.contains(&format!("--shard $JOB_COMPLETION_INDEX/{n} ")),
        "the shard count of the command is not the Job's completions: {command}"
    );
    assert!(command.contains("--out /parts/part-$JOB_COMPLETION_INDEX.json"));
    // Every index's command, as the pod's shell would run it, with a small tournament and
    // the shared volume in a scratch folder.
    let out = scratch("kubernetes");
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words[..2], ["regula", "evaluate"]);
    for i in 0..n {
        let mut args: Vec<String> = vec!["evaluate".into()];
        let mut it = words[2..].iter();
        while let Some(w) = it.next() {
            match *w {
                "rules/camelot.rules" => args.push("rules/english-draughts.rules".into()),
                "--agents" | "--games" => {
                    it.next();
                    args.push(w.to_string());
                    args.push(
                        if *w == "--agents" {
                            "greedy,random"
                        } else {
                            "6"
                        }
                        .into(),
                    );
                }
                w => args.push(
                    w.replace("$JOB_COMPLETION_INDEX", &i.to_string())
                        .replace("/parts", &out.display().to_string()),
                ),
            }
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = regula(&args);
        assert_eq!(code, 0, "index {i}: {err}");
    }
    assert_eq!(
        merged(&out),
        one_run("rules/english-draughts.rules", "greedy,random", "6")
    );
}
