// expect: true
// f counts up with i and d counts down with j, at most 10 times each.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int f = 0, d = 0, i = 0, j = 0;
  while (i < n && i < 10) {
    f++;
    i++;
  }
  while (j < n && j < 10) {
    d--;
    j++;
  }
  if (f > 10 || d < -10) reach_error();
  return 0;
}
