// expect: true
// A callee with a loop called from a loop of main: navigation runs at the
// callee's header on every call, with main's loop in the continuation.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int sum_to(int k) {
  int s = 0;
  for (int i = 1; i <= k; i++) s += i;
  return s;
}
int main(void) {
  int total = 0;
  for (int k = 0; k < 40; k++) total += sum_to(k);
  if (total != 10660) reach_error();
  return 0;
}
