"""The popular developer repositories (already `fetch`ed for other work) whose scripts, CI
steps, Makefiles and READMEs are the benign side. Licences: each repository's own (MIT or
Apache-2.0 for all of them at the recorded commits; see README.md)."""

import os

from _common import MIRRORS

DEV_REPOS = [
    "astral-sh/ruff", "astral-sh/uv", "Textualize/textual", "simonw/datasette", "simonw/llm",
    "ratatui/ratatui", "jj-vcs/jj", "ghostty-org/ghostty", "gitbutlerapp/gitbutler", "Effect-TS/effect",
    "mitsuhiko/minijinja", "getsentry/sentry-python", "pydantic/logfire", "pydantic/pydantic-ai",
    "jlowin/fastmcp", "langchain-ai/langgraph", "letta-ai/letta", "mem0ai/mem0", "huggingface/smolagents",
    "browser-use/browser-use", "microsoft/markitdown", "microsoft/playwright-mcp",
    "ChromeDevTools/chrome-devtools-mcp", "modelcontextprotocol/servers", "modelcontextprotocol/python-sdk",
    "modelcontextprotocol/typescript-sdk", "modelcontextprotocol/inspector", "openai/openai-agents-js",
    "openai/openai-agents-python", "google-gemini/gemini-cli", "cline/cline", "continuedev/continue",
    "charmbracelet/crush", "badlogic/pi-mono", "upstash/context7", "steveyegge/beads",
    "humanlayer/humanlayer", "wasp-lang/open-saas", "github/github-mcp-server",
    "anthropics/claude-agent-sdk-python", "anthropics/claude-code-action",
]


def available():
    return [r for r in DEV_REPOS if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
