//! The paraphrase recall matrix (issue 14, "Done when"): 8 lessons, each distilled from a
//! failing and a fixing call, stored beside 8 distractor lessons of the same programs, × 6
//! paraphrases of the task (2 English, 2 Chinese, 2 German),
//! recalled through the store's FTS5 search as the hook does. R@3 must be 100 %; of the
//! unrelated prompts at most 1 in 6 may recall anything. Prints the figures
//! (`cargo test -p hookward-lessons --test recall_matrix -- --nocapture`).

use hookward_lessons::{distill_lesson, symptom, CallSummary, FailedCall, Provenance};
use hookward_store::{RecallQuery, Store};

fn call(cmd: &str) -> CallSummary {
    CallSummary {
        tool: "Bash".into(),
        kind: "shell".into(),
        command: Some(cmd.into()),
        file: None,
        detail: None,
        id: None,
    }
}

/// (failing command, its error text, what was done in between, fixing command, paraphrases)
type Case = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
    [&'static str; 6],
);

const CASES: &[Case] = &[
    (
        "npm test",
        "npm ERR! Missing script: \"test\"",
        &[],
        "pnpm test",
        [
            "run the test suite, npm says the test script is missing",
            "npm test fails with missing script",
            "运行 npm test 时提示缺少 test script",
            "npm 报错 missing script，帮我把测试跑起来",
            "npm test schlägt fehl: Missing script test",
            "Bitte die Tests laufen lassen, npm findet das Script nicht (missing script)",
        ],
    ),
    (
        "pytest tests/",
        "ImportError while loading conftest\nModuleNotFoundError: No module named 'yaml'",
        &[],
        "uv run pytest tests/",
        [
            "pytest cannot import yaml, fix the tests",
            "the python tests die with ModuleNotFoundError for yaml",
            "pytest 跑不起来，找不到 yaml 模块",
            "运行 pytest 报 ModuleNotFoundError: yaml",
            "pytest bricht ab, das Modul yaml wird nicht gefunden",
            "Die Tests mit pytest scheitern am Import von yaml",
        ],
    ),
    (
        "cargo test",
        "error[E0433]: failed to resolve: use of undeclared crate or module `tokio`",
        &[],
        "cargo test --features full",
        [
            "cargo test fails to resolve the tokio crate",
            "the rust tests say undeclared crate tokio",
            "cargo test 编译失败，提示 undeclared crate tokio",
            "跑 cargo test 的时候 tokio 无法解析",
            "cargo test scheitert: tokio ist ein undeclared crate",
            "Beim cargo test wird tokio nicht aufgelöst (failed to resolve)",
        ],
    ),
    (
        "docker-compose up -d",
        "bash: docker-compose: command not found",
        &[],
        "docker compose up -d",
        [
            "start the services with docker-compose, it is not found",
            "docker-compose command not found when bringing the stack up",
            "docker-compose 命令找不到，启动不了服务",
            "用 docker-compose up 启动容器时 command not found",
            "docker-compose wird nicht gefunden (command not found), bitte die Container starten",
            "Die Container mit docker-compose hochfahren geht nicht: command not found",
        ],
    ),
    (
        "git push origin main",
        "! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to 'origin'",
        // the pull is a repair step and the push that then works closes the episode: a pull
        // alone is another sub-command, not the push's fix (`distill::same_work`)
        &["ran `git pull --rebase origin main`"],
        "git push origin main",
        [
            "git push to main was rejected, fetch first",
            "pushing my branch fails: rejected, failed to push some refs",
            "git push 被拒绝了，提示 fetch first",
            "推送到 main 失败：rejected，failed to push some refs",
            "git push auf main wird abgelehnt (rejected, fetch first)",
            "Der Push nach origin main schlägt fehl: failed to push some refs",
        ],
    ),
    (
        "make test",
        "make: *** No rule to make target 'test'.  Stop.",
        &[],
        "make check",
        [
            "make test says no rule to make target",
            "there is no make target for the tests, make stops",
            "执行 make test 提示 No rule to make target",
            "make 找不到 test 这个 target",
            "make test: No rule to make target, was nun?",
            "Das Makefile hat kein Target test, make bricht ab",
        ],
    ),
    (
        "pip install requests",
        "error: externally-managed-environment\n× This environment is externally managed",
        &[],
        "uv pip install requests",
        [
            "pip install fails with externally-managed-environment",
            "installing requests with pip says the environment is externally managed",
            "pip install requests 报 externally-managed-environment",
            "用 pip 安装 requests 失败，说 environment externally managed",
            "pip install bricht ab: externally-managed-environment",
            "requests lässt sich mit pip nicht installieren, die Umgebung ist externally managed",
        ],
    ),
    (
        "go build ./...",
        "go: cannot find main module, but found .git/config in /home/u/app",
        &[],
        "go mod init example.com/app",
        [
            "go build cannot find the main module",
            "building the go code fails, no main module found",
            "go build 报错 cannot find main module",
            "编译 go 项目时找不到 main module",
            "go build findet das main module nicht",
            "Der Go-Build scheitert: cannot find main module",
        ],
    ),
];

/// Lessons of the same programs about other failures, stored beside the 8: a paraphrase must
/// still find its own lesson in the top 3.
const DISTRACTORS: &[(&str, &str, &str)] = &[
    (
        "npm install",
        "npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/left-pad2",
        "npm install left-pad",
    ),
    (
        "pytest -k slow",
        "fixture 'db_session' not found",
        "pytest -k slow -p tests.fixtures",
    ),
    (
        "cargo build",
        "error: linker `cc` not found",
        "cargo build --target x86_64-unknown-linux-musl",
    ),
    (
        "docker build .",
        "failed to solve: failed to read dockerfile: open Dockerfile: no such file or directory",
        "docker build -f docker/Dockerfile .",
    ),
    (
        "git commit -m wip",
        "Author identity unknown\n*** Please tell me who you are.",
        "git -c user.name=dev -c user.email=dev@example.com commit -m wip",
    ),
    (
        "make install",
        "install: cannot create regular file '/usr/local/bin/tool': Permission denied",
        "make install PREFIX=~/.local",
    ),
    (
        "pip install -e .",
        "ERROR: File \"setup.py\" or \"setup.cfg\" not found.",
        "pip install -e . --config-settings editable_mode=compat",
    ),
    (
        "go test ./...",
        "go: updates to go.mod needed; to update it: go mod tidy",
        "go mod tidy",
    ),
];

/// Prompts about other work: at most 1 in 6 may recall a lesson.
const UNRELATED: &[&str] = &[
    "write a haiku about autumn leaves",
    "explain the difference between TCP and UDP",
    "rename the variable foo to bar in utils.py",
    "add an installation section to the README",
    "summarize the meeting notes from yesterday",
    "refactor the login page CSS to use flexbox",
    "what does this regular expression match",
    "add a dark mode toggle to the settings page",
    "把这段文字翻译成英文",
    "帮我写一封请假邮件",
    "给首页加一个轮播图组件",
    "Wie spät ist es gerade in Tokio?",
    "Schreibe eine kurze Zusammenfassung des Artikels",
    "Füge einen Button zum Abmelden hinzu",
    "add a unit test for the date parser",
    "update the changelog for version 2.1",
    "draw a sequence diagram of the checkout flow",
    "why is the dashboard slow to load",
];

#[test]
fn paraphrases_recall_their_lesson_in_the_top_3_and_unrelated_prompts_stay_quiet() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&dir.path().join("state.db")).expect("store");
    let now = 1_800_000_000_000;
    let mut ids = Vec::new();
    for (failing, error, repair, fixing, _) in CASES {
        let failed = FailedCall {
            call: call(failing),
            symptom: symptom(error),
            cause: "exit-code".into(),
            evidence: String::new(),
            cwd: None,
        };
        let repair: Vec<String> = repair.iter().map(|s| s.to_string()).collect();
        let lesson = distill_lesson(&failed, &repair, &call(fixing), Provenance::default())
            .unwrap_or_else(|e| panic!("{failing}: {e:?}"));
        let r = store.insert_lesson("/p", &lesson, now).expect("insert");
        assert!(!r.merged, "{failing}");
        ids.push(r.id);
    }
    for (failing, error, fixing) in DISTRACTORS {
        let failed = FailedCall {
            call: call(failing),
            symptom: symptom(error),
            cause: "exit-code".into(),
            evidence: String::new(),
            cwd: None,
        };
        let lesson = distill_lesson(&failed, &[], &call(fixing), Provenance::default())
            .unwrap_or_else(|e| panic!("{failing}: {e:?}"));
        store.insert_lesson("/p", &lesson, now).expect("insert");
    }
    let recall = |text: &str| {
        store
            .recall_lessons(&RecallQuery {
                project: "/p",
                text,
                family: None,
                file: None,
                now_ms: now,
                half_life_ms: hookward_lessons::recall::HALF_LIFE_MS,
                limit: 3,
            })
            .expect("recall")
            .into_iter()
            .map(|r| r.row.id)
            .collect::<Vec<_>>()
    };
    let (mut hits, mut first, mut total) = (0, 0, 0);
    let mut misses = Vec::new();
    for ((failing, .., paraphrases), id) in CASES.iter().zip(&ids) {
        for p in paraphrases {
            total += 1;
            let got = recall(p);
            if got.first() == Some(id) {
                first += 1;
            }
            if got.contains(id) {
                hits += 1;
            } else {
                misses.push(format!("{failing}: {p:?} → {got:?}"));
            }
        }
    }
    let false_recalls: Vec<&str> = UNRELATED
        .iter()
        .copied()
        .filter(|p| !recall(p).is_empty())
        .collect();
    println!(
        "recall matrix: {} lessons (+ {} distractors) × 6 paraphrases: R@3 {hits}/{total} = {:.1} % (R@1 {first}/{total}); unrelated prompts recalling a lesson: {}/{} ({false_recalls:?})",
        CASES.len(),
        DISTRACTORS.len(),
        100.0 * hits as f64 / total as f64,
        false_recalls.len(),
        UNRELATED.len()
    );
    assert!(CASES.len() >= 8);
    assert_eq!(
        hits,
        total,
        "paraphrases not recalled in the top 3:\n{}",
        misses.join("\n")
    );
    assert!(
        false_recalls.len() * 6 <= UNRELATED.len(),
        "false recalls above 1 in 6: {false_recalls:?}"
    );
}
