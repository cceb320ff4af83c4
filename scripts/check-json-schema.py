#!/usr/bin/env python3
"""Checks Schemas/publishers.schema.json, the JSON Schema editors use for *.publishers.yaml.

1. The JSON Schema is a valid draft-07 schema.
2. Every example in Schemas/Examples, every valid fixture and every key's `examples` validate.
3. Inline documents the generator accepts are accepted, and documents it rejects are rejected.

The JSON Schema is rendered from the Swift description of the language
(Sources/GeneratorLanguage), so it has the generator's keys and spellings by
construction, and SchemaLanguageDocumentsTests fails when the committed copy is stale. This script
checks that a real JSON Schema validator reads it the way we mean it. Needs the `jsonschema` and
`PyYAML` packages (`pip install jsonschema pyyaml`).

Usage: python3 scripts/check-json-schema.py [-v] [--generator .build/debug/publisher-generator]
With --generator, the inline documents are also given to `publisher-generator validate`, which
must accept and reject the same ones. The last line of the output is always "N passed, M failed";
the exit status is 1 on any failure.
"""

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import jsonschema
    import yaml
except ImportError as missing:
    print(f"error: {missing.name} is not installed; run: python3 -m pip install jsonschema pyyaml")
    print("0 passed, 1 failed")
    sys.exit(1)

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "Schemas" / "publishers.schema.json"
EXAMPLES = ROOT / "Schemas" / "Examples"
SCHEMA_COMMENT = "# yaml-language-server: $schema=../publishers.schema.json"
# Schemas the generator accepts that are not examples (whose files have no schema comment).
VALID_FIXTURES = [
    "Tests/Fixtures/Generation/Fixtures.publishers.yaml",
    "Tests/Fixtures/PluginPackage/Sources/Clock/Clock.publishers.yaml",
    "Tests/Fixtures/PluginPackage/Sources/Feed/Feed.publishers.yaml",
    "Tests/PublisherGeneratorCoreTests/Fixtures/CrossFile/a.publishers.yaml",
    "Benchmarks/Schemas/Subjects/Bench.publishers.yaml",
    "Benchmarks/Schemas/MainActor/MainActorBench.publishers.yaml",
    "Tests/Fixtures/ApplePlatforms/Controls.publishers.yaml",
    "Tests/Fixtures/ApplePlatforms/MacControls.publishers.yaml",
    "Tests/Fixtures/ApplePlatforms/RxCocoaControls.publishers.yaml",
    "Tests/Fixtures/ApplePlatforms/RxCocoaDelegates.publishers.yaml",
    "Tests/Fixtures/ApplePlatforms/RxCocoaMac.publishers.yaml",
    "Tests/Fixtures/AsyncOnly/AsyncOnly.publishers.yaml",
]


class CoreSchemaLoader(yaml.SafeLoader):
    """Resolves plain scalars like the generator does: the YAML 1.2 core schema.

    PyYAML follows YAML 1.1, where the key `on:` is the boolean true and `yes`/`no` are
    booleans too; the generator (and yaml-language-server) read them as strings.
    """


CoreSchemaLoader.yaml_implicit_resolvers = {}
_RESOLVERS = [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        list("-+.0123456789"),
    ),
    ("tag:yaml.org,2002:merge", r"^<<$", ["<"]),
]
for _tag, _pattern, _first in _RESOLVERS:
    CoreSchemaLoader.add_implicit_resolver(_tag, re.compile(_pattern), _first)


def _construct_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


CoreSchemaLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)


def load_yaml(text):
    return yaml.load(text, Loader=CoreSchemaLoader)


# Inline documents. Each invalid one is a valid one with one mistake, and names the error the
# JSON Schema must report for it, so a case cannot pass by failing for some other reason.
VALID_BASE = """\
version: 1
publishers:
  - name: Tick
    kind: periodic
    output: Int
    interval: 1
    value: 1
"""
POLLING_BASE = """\
version: 1
publishers:
  - name: Feed
    kind: polling
    output: Int
    next: next()
"""
CALLBACK_BASE = """\
version: 1
publishers:
  - name: Progress
    kind: callback
    output: Double
    register: addObserver { send($0) }
"""

CASES = [
    # (what, None when valid or a fragment of the JSON Schema error that must be reported, YAML)
    ("minimal periodic declaration", None, VALID_BASE),
    (
        "every top-level key, an x- extension and a << merge",
        None,
        """\
version: 1
imports: [Foundation, Darwin.C]
access: package
x-defaults: &defaults { kind: targetAction, whenNoDemand: latest }
publishers:
  - <<: *defaults
    name: Toggle
    on: Control
    output: Bool
    event: Control.Event
    value: isOn
""",
    ),
    (
        "key 'on' is a string key, not YAML 1.1 true",
        None,
        """\
version: 1
publishers:
  - { name: Feed, kind: polling, on: Provider, output: Int, next: next(), failure: Error }
""",
    ),
    (
        "numbers and booleans as Swift code, label _",
        None,
        """\
version: 1
publishers:
  - name: Tick
    kind: periodic
    output: Double
    parameters:
      - { name: step, label: _, type: Double, default: 0.25 }
      - { name: loud, type: Bool, default: true }
    interval: 0.5
    value: 1.5
    whenNoDemand: { buffer: 3 }
    start: onSubscribe
""",
    ),
    (
        "callback with every key it takes",
        None,
        CALLBACK_BASE
        + """\
    description: Download progress.
    on: Downloader
    failure: Error
    token: ObservationToken
    unregister: removeObserver(token)
    whenNoDemand: { buffer: 16, whenFull: dropNewest }
    start: onDemand
""",
    ),
    (
        "targetAction with an event mapping",
        None,
        """\
version: 1
publishers:
  - name: Tap
    kind: targetAction
    on: Control
    output: Control
    event: { type: Control.Event, default: .primaryActionTriggered }
""",
    ),
    ("an empty publishers list (the generator only warns)", None, "version: 1\npublishers: []\n"),
    ("unknown top-level key", "'extra' does not match any of the regexes", VALID_BASE.replace("publishers:", "extra: 1\npublishers:")),
    ("unknown key in a declaration", "'colour' was unexpected", VALID_BASE + "    colour: red\n"),
    ("unknown kind", "'timer' is not one of", VALID_BASE.replace("kind: periodic", "kind: timer")),
    (
        "polling declaration with 'register'",
        "'register' was unexpected",
        POLLING_BASE + "    register: observe { send($0) }\n",
    ),
    ("polling declaration without 'next'", "'next' is a required property", POLLING_BASE.replace("    next: next()\n", "")),
    ("whenNoDemand buffer 0", "0 is less than the minimum of 1", VALID_BASE + "    whenNoDemand: { buffer: 0 }\n"),
    ("interval 0", "0 is less than or equal to the minimum of 0", VALID_BASE.replace("interval: 1", "interval: 0")),
    ("negative interval", "-2.5 is less than or equal to the minimum of 0", VALID_BASE.replace("interval: 1", "interval: -2.5")),
    ("interval as a string", "'1' is not of type 'number'", VALID_BASE.replace("interval: 1", "interval: '1'")),
    ("missing version", "'version' is a required property", VALID_BASE.replace("version: 1\n", "")),
    ("version 2", "2 is not one of [1]", VALID_BASE.replace("version: 1", "version: 2")),
    ("missing output", "'output' is a required property", VALID_BASE.replace("    output: Int\n", "")),
    ("unknown whenNoDemand word", "'newest' is not one of", VALID_BASE + "    whenNoDemand: newest\n"),
    ("whenNoDemand: buffer without a size", "'buffer' is not one of", VALID_BASE + "    whenNoDemand: buffer\n"),
    ("unknown whenFull rule", "'dropAll' is not one of", VALID_BASE + "    whenNoDemand: { buffer: 2, whenFull: dropAll }\n"),
    ("unknown key in the buffer mapping", "'size' was unexpected", VALID_BASE + "    whenNoDemand: { buffer: 2, size: 3 }\n"),
    ("unknown start policy", "'immediately' is not one of", VALID_BASE + "    start: immediately\n"),
    ("unknown access level", "'open' is not one of", "access: open\n" + VALID_BASE),
    ("periodic declaration with 'failure'", "'failure' was unexpected", VALID_BASE + "    failure: Error\n"),
    (
        "targetAction declaration without 'on'",
        "'on' is a required property",
        """\
version: 1
publishers:
  - { name: Tap, kind: targetAction, output: Control, event: Control.Event }
""",
    ),
    (
        "event mapping without 'type'",
        "'type' is a required property",
        """\
version: 1
publishers:
  - { name: Tap, kind: targetAction, on: Control, output: Control, event: { default: .touchUpInside } }
""",
    ),
    ("publisher name not an identifier", "'Tick Tock' does not match", VALID_BASE.replace("name: Tick", "name: Tick Tock")),
    ("publisher name a keyword", "'class' should not be valid", VALID_BASE.replace("name: Tick", "name: class")),
    ("empty register", "'' does not match", CALLBACK_BASE.replace("register: addObserver { send($0) }", "register: ''")),
    ("parameter without a type", "'type' is a required property", VALID_BASE + "    parameters:\n      - { name: step }\n"),
    ("parameter hiding 'send'", "'send' should not be valid", VALID_BASE + "    parameters:\n      - { name: send, type: Int }\n"),
    ("imports as a string", "'Foundation' is not of type 'array'", "imports: Foundation\n" + VALID_BASE),
    ("Swift type over two lines", "does not match", VALID_BASE.replace("output: Int", 'output: "Int\\nString"')),
]


def describe(error):
    where = "/".join(str(part) for part in error.absolute_path) or "(top level)"
    return f"{where}: {error.message}"


def all_messages(errors):
    """Messages of the errors and of the errors nested in them (oneOf, if/then branches)."""
    pending, messages = list(errors), []
    while pending:
        error = pending.pop()
        messages.append(error.message)
        pending.extend(error.context or [])
    return messages


def generator_verdict(generator, text, scratch):
    """Exit status and output of `publisher-generator validate` on `text`."""
    path = Path(scratch) / "case.publishers.yaml"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([generator, "validate", str(path)], capture_output=True, text=True)
    return run.returncode, (run.stdout + run.stderr).strip()


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("-v", "--verbose", action="store_true", help="list passing checks too")
    arguments.add_argument(
        "--generator",
        metavar="PATH",
        help="a built publisher-generator executable: also check that it accepts and rejects the inline documents",
    )
    options = arguments.parse_args()
    if options.generator and not Path(options.generator).is_file():
        print(f"error: --generator {options.generator}: no such file; build it with 'swift build'")
        print("0 passed, 1 failed")
        return 1
    passed = failed = 0

    def report(ok, what, details=()):
        nonlocal passed, failed
        if ok:
            passed += 1
            if options.verbose:
                print(f"ok    {what}")
        else:
            failed += 1
            print(f"FAIL  {what}")
            for line in details:
                print(f"        {line}")

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    try:
        jsonschema.Draft7Validator.check_schema(schema)
        report(True, "publishers.schema.json is a valid draft-07 schema")
    except jsonschema.SchemaError as error:
        report(False, "publishers.schema.json is a valid draft-07 schema", [str(error.message)])
        print(f"{passed} passed, {failed} failed")
        return 1
    validator = jsonschema.Draft7Validator(schema)

    # The `examples` editors offer as completions must be valid values of their key.
    pending = [("", schema)]
    while pending:
        where, node = pending.pop()
        if isinstance(node, dict):
            for value in node.get("examples", []):
                key_schema = dict(node, definitions=schema["definitions"])
                errors = list(jsonschema.Draft7Validator(key_schema).iter_errors(value))
                report(not errors, f"example value {value!r} of {where}", [describe(error) for error in errors])
            pending.extend((f"{where}/{key}", value) for key, value in node.items() if key != "examples")
        elif isinstance(node, list):
            pending.extend((f"{where}[{index}]", value) for index, value in enumerate(node))

    examples = sorted(EXAMPLES.glob("*.publishers.yaml")) + sorted(EXAMPLES.glob("*.publishers.yml"))
    report(bool(examples), f"examples found in {EXAMPLES.relative_to(ROOT)}")
    for path in examples:
        name = f"example {path.name}"
        text = path.read_text(encoding="utf-8")
        if not text.startswith(SCHEMA_COMMENT):
            report(False, name, [f"does not start with '{SCHEMA_COMMENT}'"])
            continue
        try:
            document = load_yaml(text)
        except yaml.YAMLError as error:
            report(False, name, [f"YAML error: {error}"])
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
        report(not errors, name, [describe(error) for error in errors])

    for relative in VALID_FIXTURES:
        name = f"valid fixture {relative}"
        path = ROOT / relative
        if not path.is_file():
            report(False, name, ["no such file; update VALID_FIXTURES in this script"])
            continue
        try:
            document = load_yaml(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as error:
            report(False, name, [f"YAML error: {error}"])
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
        report(not errors, name, [describe(error) for error in errors])

    with tempfile.TemporaryDirectory() as scratch:
        for what, expected_error, text in CASES:
            try:
                document = load_yaml(text)
            except yaml.YAMLError as error:
                report(False, f"inline: {what}", [f"YAML error in the test case itself: {error}"])
                continue
            errors = list(validator.iter_errors(document))
            if expected_error is None:
                report(not errors, f"inline, accepted: {what}", [describe(error) for error in errors])
            else:
                messages = all_messages(errors)
                found = any(expected_error in message for message in messages)
                details = [f"expected an error containing {expected_error!r}"]
                details += [f"got: {message}" for message in messages] or ["the JSON Schema accepts it"]
                report(found, f"inline, rejected: {what}", details)
            if options.generator:
                status, output = generator_verdict(options.generator, text, scratch)
                agrees = (status == 0) == (expected_error is None)
                verdict = "accepts" if status == 0 else "rejects"
                report(agrees, f"generator agrees: {what}", [f"publisher-generator {verdict} it:", output])

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
