# Every target sets itself up: a fresh machine needs nothing but python3.
PYTHON ?= python3
VENV ?= .venv
# Install torch first, pinned: the local CPU wheel. Override e.g. TORCH_SPEC="torch==2.9.1".
TORCH_SPEC ?= torch==2.13.0
EXTRAS ?= train,dev,web
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# make run: train this config (a built-in name or a file), then evaluate the result against the reference agents.
TRAIN_CONFIG ?= quick
RUN_DIR ?= runs/quick
EVAL_GAMES ?= 40

.PHONY: run test test-all browser build bench bench-train bench-rllib fuzz lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet "$(TORCH_SPEC)"
	GAENV_COMPILE=0 $(BIN)/pip install --quiet -e ".[$(EXTRAS)]"  # (`build` compiles)
	touch $(STAMP)

# The rules engine and the encoder are compiled with mypyc as gaenv is installed (setup.py,
# gaenv/compiled.py); `build` compiles them again once one of their sources has changed
# (`test`, `run` and `bench` do this first). GAENV_COMPILE=0: run them as pure Python (no C
# compiler needed; e.g. to profile them).
COMPILED_SOURCES := $(wildcard gaenv/core/*.py gaenv/engine/*.py) gaenv/env/observation.py gaenv/compiled.py \
	setup.py
COMPILED := gaenv/compiled.json
BUILT := gaenv/core/*.so gaenv/engine/*.so gaenv/env/*.so gaenv/native__mypyc*.so $(COMPILED)
ifeq ($(GAENV_COMPILE),0)
build: $(STAMP)
	rm -f $(BUILT)
else
build: $(COMPILED)
$(COMPILED): $(COMPILED_SOURCES) | $(STAMP)
	$(BIN)/python setup.py --quiet build_ext --inplace
endif

run: build
	rm -rf $(RUN_DIR)
	$(BIN)/gaenv train --config $(TRAIN_CONFIG) --out $(RUN_DIR)
	$(BIN)/gaenv eval --agents ppo:$(RUN_DIR) random heuristic --games $(EVAL_GAMES) \
		--out $(RUN_DIR)/eval
	@echo "run folder: $(RUN_DIR) (model, checkpoints, eval.csv, curve.png, tb/, eval/)"

test: build browser
	$(BIN)/python -m pytest

# Everything, the distributed extra's tests too (a local Ray: one RLlib training iteration,
# evaluation and a balance study on Ray), in a venv of its own: Ray pins gymnasium 1.2.2,
# so this also runs the whole suite on the oldest gymnasium gaenv supports. Not in CI.
ALL_VENV ?= .venv-all
$(ALL_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(ALL_VENV)
	$(ALL_VENV)/bin/pip install --quiet --upgrade pip
	$(ALL_VENV)/bin/pip install --quiet "$(TORCH_SPEC)"
	$(ALL_VENV)/bin/pip install --quiet -e ".[$(EXTRAS),distributed]"
	touch $(ALL_VENV)/.installed

test-all: $(ALL_VENV)/.installed browser
	$(ALL_VENV)/bin/python -m pytest

# Not in CI: RLlib training throughput with 1 and 2 environment runners.
bench-rllib: $(ALL_VENV)/.installed
	$(ALL_VENV)/bin/python scripts/bench_rllib.py

# The web page's browser test needs Debian's chromium and chromedriver: installed here when
# root with apt-get, else the test skips and says why. Never fails the build.
browser:
	@command -v chromedriver >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get \
		>/dev/null 2>&1 && { apt-get update -qq && apt-get install -y -qq chromium \
		chromium-driver >/dev/null; } ; } || echo "browser: chromium not installed; the browser test will skip"

bench: build
	$(BIN)/python scripts/bench.py

# Not in CI (tens of minutes): time to strength of BENCH_CONFIG (scripts/bench_train.py).
BENCH_CONFIG ?= standard
bench-train: build
	$(BIN)/python scripts/bench_train.py --config $(BENCH_CONFIG)

# Not in CI: FUZZ_GAMES games of checked random play (replays of failures in runs/fuzz).
# Real cards: make fuzz FUZZ_POOL=DIR FUZZ_DECKS="A.yaml B.yaml ..." (an import folder and
# decks of its cards, gaenv cards decks); FUZZ_DECKS alone: only those decks' pairings.
FUZZ_GAMES ?= 10000
FUZZ_POOL ?=
FUZZ_DECKS ?=
fuzz: build
	$(BIN)/python scripts/fuzz.py --games $(FUZZ_GAMES) $(if $(FUZZ_POOL),--pool $(FUZZ_POOL)) \
		$(if $(FUZZ_DECKS),--decks $(FUZZ_DECKS))

lint: $(STAMP)
	$(BIN)/ruff check gaenv tests scripts notebooks

clean:
	rm -rf $(VENV) $(ALL_VENV) build *.egg-info $(BUILT)
