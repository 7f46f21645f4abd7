// expect: false
// max-forks: 16
// paths: 42
// a loop on an input, deeper than the bound on live processes (16 here):
// each exit side ends at once and no process waits for its children, so
// few processes are live at a time and the error at depth 30 is reached
// (when processes waited for their subtrees, the bound cut this loop)
extern void reach_error(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_bool()) {
    x++;
    if (x > 40)
      return 0;
  }
  if (x == 30)
    reach_error();
  return 0;
}
