// expect: true
// s = 5 * n after the loop for every n in [0, 1000] (signed arithmetic).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 1000);
  int s = 0, i = 0;
  while (i < n) { s += 5; i++; }
  if (s != 5 * n) reach_error();
  return 0;
}
