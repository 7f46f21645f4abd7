// expect: false
// unaligned byte writes at input offsets into an int array, read back as ints
// witness: 8 9
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int a[4] = {0};
  unsigned char *b = (unsigned char *)a;
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 16 && j >= 0 && j < 16);
  b[i] = 0x12;
  b[j] = 0x34;
  if (a[2] == 0x3412) reach_error();
  return 0;
}
