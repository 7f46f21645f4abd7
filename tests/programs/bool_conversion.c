// expect: false
// conversion to _Bool yields 1 for any non-zero value (not truncation to the low bit)
// witness: 1 6
extern void reach_error(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 10);
  _Bool c = x & 4;
  int sum = b + c;
  if (sum == 2 && x == 6) reach_error();
  return 0;
}
