extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  int v = c > 200 ? 200 : c;
  if (v > 200) reach_error();
  return v;
}
