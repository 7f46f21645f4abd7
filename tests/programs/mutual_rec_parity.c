// expect: true
// mutually recursive is_even/is_odd agree with n % 2
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int is_odd(int n);
int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 8);
  if (is_even(n) != (n % 2 == 0)) reach_error();
  if (is_odd(n) == is_even(n)) reach_error();
  return 0;
}
