// A loop whose trip count is an input: classic symbolic execution explores
// one path per trip count and never ends; compact symbolic execution
// (`kappa verify --mode compact`) covers every trip count with one template
// and proves reach_error unreachable (i is always a multiple of 4).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i = 0;
  for (unsigned int k = 0; k < n; k++) i += 4;
  if (i == 15) reach_error();
  return 0;
}
