// expect: false
// comparing int with unsigned int converts the int: -1 > 5u
// witness: -1 5
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  if (x < 0 && u == 5 && x > u) reach_error();
  return 0;
}
