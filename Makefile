# Two commands do all the set-up: `make lab` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab test lint typecheck bench clean messages catalogs

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root,)

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check schnapsen_lab tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/psn_read.py
	$(BIN)/python benchmarks/replay_step.py
	$(BIN)/python benchmarks/simulate.py
	$(BIN)/python benchmarks/solver.py
	$(BIN)/python benchmarks/stats.py --deals 100000
	$(BIN)/python benchmarks/stats_bauern.py

# The translations (docs/languages.md): extract the marked texts into the template and
# merge it into each language's catalog; translate; then compile the catalogs (the
# compiled .mo files are committed, so that a clean install needs no build step).
messages: $(STAMP)
	$(BIN)/pybabel extract
	$(BIN)/pybabel update

catalogs: $(STAMP)
	$(BIN)/pybabel compile

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
