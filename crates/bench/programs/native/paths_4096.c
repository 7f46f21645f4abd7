// the other extreme (kappa-bench --native): 12 independent input branches,
// 4096 short paths and almost no concrete work, so the native time is the
// per-path cost of a process (fork, exit, turns with kappa) against an
// in-memory state of the interpreter
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned key = 0;
  for (int b = 0; b < 12; b++) {
    if (__VERIFIER_nondet_int() > 0)
      key = key * 2 + 1;
    else
      key = key * 2;
  }
  if (key > 4095u) reach_error();
  return 0;
}
