// Table 1 OneLoop: i grows by 4 for an input number of iterations; the
// target i == 15 is unreachable (i stays a multiple of 4).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint(), i = 0;
  for (unsigned int k = 0; k < n; k++) i += 4;
  if (i == 15) reach_error();
  return 0;
}
