#!/usr/bin/env python3
"""Checks witness files against the witness 2.0 JSON schema, read with a
YAML 1.1 loader (PyYAML's safe_load, as Python-based witness tooling reads
them): an unquoted timestamp becomes a datetime there and fails the schema.

usage: check_schema.py SCHEMA.json WITNESS.yml...
Prints one line per failing file and a summary `checked N, failed M`;
exits 1 when any file fails, 2 when PyYAML or jsonschema is missing.
"""
import json
import sys

try:
    import jsonschema
    import yaml
except ImportError as e:  # scripts/setup.sh installs both
    print(f"check_schema.py: {e} (run scripts/setup.sh)", file=sys.stderr)
    sys.exit(2)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    failed = 0
    for path in argv[1:]:
        try:
            with open(path) as f:
                doc = yaml.safe_load(f)
            errors = []
            for e in validator.iter_errors(doc):
                # the deepest error of a `oneOf` says what is wrong
                e = jsonschema.exceptions.best_match([e]) if not e.context else min(
                    e.context, key=lambda c: -len(c.absolute_path)
                )
                where = "/".join(str(p) for p in e.absolute_path)
                errors.append(f"{e.message[:200]} at /{where}")
        except (OSError, yaml.YAMLError) as e:
            errors = [str(e)]
        if errors:
            failed += 1
            print(f"{path}: {'; '.join(errors[:3])}")
    print(f"checked {len(argv) - 1}, failed {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
