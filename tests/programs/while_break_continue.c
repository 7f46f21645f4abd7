// expect: false
// while(1) loop with break and continue controlled by inputs
// witness: 8 7
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 8);
  __VERIFIER_assume(k >= 0 && k <= 8);
  int i = 0, odd = 0;
  while (1) {
    if (i >= n) break;
    i++;
    if (i % 2 == 0) continue;
    if (i == k) break;
    odd++;
  }
  if (odd == 3 && i == 7) reach_error();
  return 0;
}
