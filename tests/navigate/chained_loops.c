// expect: true
// classic: slow
// The second loop's bound comes from the first; j stays even.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0;
  while (i < n) i += 6;
  unsigned j = 0;
  while (j < i) j += 2;
  if (j == 7) reach_error();
  return 0;
}
