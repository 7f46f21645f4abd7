// expect: true
// Every stage of auto mode runs out of a short time limit on the million
// iterations of the loop (a hash of the input no solver inverts).
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned h = 2166136261u;
  for (unsigned i = 0; i < 1000000u; i++) {
    h = (h ^ (x + i)) * 16777619u;
  }
  if (h == 0x12345678u && x == 0u) reach_error();
  return 0;
}
