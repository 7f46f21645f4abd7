// A loop of 10^7 concrete iterations with one path, then one input-dependent
// branch (the engine-scale figure: instructions/s and flat memory).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = 0, z = 0;
  while (x < 10000000u) {
    if (x >= 5000000u) z++;
    x++;
  }
  unsigned int y = __VERIFIER_nondet_uint();
  if (y == z + 1 && (z & 1u)) reach_error();
  return 0;
}
