// expect: false
// paths: 2
// a byte of a frozen int is overwritten by a constant: the load sees the mix
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned char *p = (unsigned char *)&x;
  p[0] = 0x5a;
  if (x == 0x1234565a) reach_error();
  return 0;
}
