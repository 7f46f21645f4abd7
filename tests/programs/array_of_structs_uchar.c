// expect: false
// array of structs with unsigned char members; the running total wraps
// witness: 200 60 0
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

struct item { int id; unsigned char qty; };

int main(void) {
  struct item items[3];
  for (int i = 0; i < 3; i++) {
    items[i].id = i;
    items[i].qty = __VERIFIER_nondet_uchar();
  }
  unsigned char total = 0;
  for (int i = 0; i < 3; i++) total += items[i].qty;
  if (total < items[0].qty && items[2].qty == 0 && items[2].id == 2) reach_error();
  return 0;
}
