// expect: false
// A single path of about 3 million concrete iterations (whose counter wraps
// around 2^16 many times) before one input-dependent branch: the path must
// finish in bounded memory, without recursion as deep as the path.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned short h = 0;
  unsigned int n = 0;
  while (n < 3000000u) {
    h = (unsigned short)(h * 31u + 7u);
    if (h & 1u) n += 2; else n += 1;
  }
  unsigned int y = __VERIFIER_nondet_uint();
  if (y == (unsigned int)h + 1u) reach_error();
  return 0;
}
