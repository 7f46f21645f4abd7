# This file is part of kappa: the BenchExec tool-info module for kappa.
#
# kappa is a symbolic execution and verification tool for C programs
# (property unreach-call). Load it in BenchExec as the tool "tools.kappa"
# with the directory holding this file's parent ("benchexec/" of the
# repository) on PYTHONPATH; scripts/benchexec.sh does that.
"""BenchExec tool-info module for kappa (`kappa verify`)."""

import re

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """
    kappa: symbolic execution and verification of C programs.

    Runs `kappa verify [OPTIONS] --timeout T [--cpu-limit C] --max-memory M
    --witness witness.yml [--data-model ILP32|LP64] INPUT` and reads its
    `verdict: true|false|unknown` line. The wall-time limit (else the CPU-time
    limit) becomes --timeout, the CPU-time limit --cpu-limit (kappa counts the
    CPU time of all its processes against it and answers `unknown` itself),
    the memory limit --max-memory (90 % of it, in MiB). Only the property
    unreach-call is supported.
    """

    REQUIRED_PATHS = []

    def executable(self, tool_locator):
        return tool_locator.find_executable("kappa", subdir="target/release")

    def name(self):
        return "kappa"

    def version(self, executable):
        return self._version_from_tool(executable, line_prefix="kappa")

    def cmdline(self, executable, options, task, rlimits):
        if task.property_file:
            try:
                with open(task.property_file, encoding="utf-8") as f:
                    prop = f.read()
            except OSError:
                prop = None  # (test_tool_info's placeholder names no file)
            if prop is not None and "call(reach_error())" not in prop:
                raise benchexec.tools.template.UnsupportedFeatureException(
                    "kappa checks only the property unreach-call"
                )
        cmd = [executable, "verify"] + list(options)
        if "--data-model" not in options:
            data_model = (task.options or {}).get("data_model")
            if data_model in ("ILP32", "LP64"):
                cmd += ["--data-model", data_model]
        limit = rlimits.walltime or rlimits.cputime
        if limit and "--timeout" not in options:
            cmd += ["--timeout", str(limit)]
        # CPU time is counted across kappa's processes (auto's stages run
        # in parallel, one per core)
        if rlimits.cputime and "--cpu-limit" not in options:
            cmd += ["--cpu-limit", str(rlimits.cputime)]
        if rlimits.memory and "--max-memory" not in options:
            cmd += ["--max-memory", str(int(rlimits.memory * 0.9) // (1024 * 1024))]
        if "--witness" not in options:
            cmd += ["--witness", "witness.yml"]
        return cmd + [task.single_input_file]

    def determine_result(self, run):
        for line in run.output:
            m = re.match(r"^verdict: (\w+)", line)
            if m:
                verdict = m.group(1)
                if verdict == "true":
                    return result.RESULT_TRUE_PROP
                if verdict == "false":
                    return result.RESULT_FALSE_REACH
                if verdict == "unknown":
                    return result.RESULT_UNKNOWN
                return result.RESULT_ERROR + f" (verdict {verdict})"
        for line in run.output:
            if line.startswith("kappa: error:"):
                return result.RESULT_ERROR + " (" + line[len("kappa: error:") :].strip() + ")"
        if run.was_timeout:
            return result.RESULT_TIMEOUT
        return result.RESULT_ERROR

    def get_value_from_output(self, output, identifier):
        # e.g. identifier "states" reads the "stats: N states" line
        for line in output:
            if line.startswith("stats:"):
                m = re.search(r"(\d+) " + re.escape(identifier), line)
                if m:
                    return m.group(1)
        return None
