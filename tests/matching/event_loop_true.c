// expect: true
// A reactive loop that never ends: each input moves a three-state machine,
// and state 3 is never reached. The reachable state space is finite (the
// input read in one iteration is dead at the next), so state matching ends
// every path and proves the error unreachable.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int state = 0;
  while (1) {
    int c = __VERIFIER_nondet_int();
    if (c == 1 && state == 0) state = 1;
    else if (c == 2 && state == 1) state = 2;
    else if (c == 3) state = 0;
    if (state == 3) reach_error();
  }
  return 0;
}
