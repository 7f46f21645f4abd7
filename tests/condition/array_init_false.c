// expect: false
// The twin of array_init_true.c: the element just past the prefix is 0,
// so reach_error() is reached for n = 17.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
short a[5000];
int lim[2] = {5, 4999};
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n >= lim[1]) return 0;
  for (int i = n; i > 0; i--) a[i - 1] = 3;
  if (a[n] == 0 && a[n - 1] == 3 && n == 17) reach_error();
  return 0;
}
