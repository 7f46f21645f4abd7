// expect: false
// The same machine with a reachable error: inputs 1, 2, then 7.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int state = 0;
  while (1) {
    int c = __VERIFIER_nondet_int();
    if (c == 1 && state == 0) state = 1;
    else if (c == 2 && state == 1) state = 2;
    else if (c == 3) state = 0;
    if (state == 2 && c == 7) reach_error();
  }
  return 0;
}
