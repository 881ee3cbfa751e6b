# Two commands do all the set-up: `make lab` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab test lint typecheck bench clean

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

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
