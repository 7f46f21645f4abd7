// expect: false
// a char VLA filled with 'x' but its first element 'y', checked
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "arrays.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  char s[n];
  for (int i = 0; i < n; i++) s[i] = 'x';
  s[0] = 'y';
  for (int j = 0; j < n; j++) __VERIFIER_assert(s[j] == 'x');
  return 0;
}
