// expect: false
// in LP64 long is 64 bits and can hold values above 2^32
// witness: 4294967297
// data-model: LP64
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  long x = __VERIFIER_nondet_long();
  if (x > 4294967296L && (x & 0xff) == 1) reach_error();
  return 0;
}
