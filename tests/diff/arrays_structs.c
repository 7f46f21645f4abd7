// diff: arrays of structs with mixed-width fields, struct copies, masked symbolic indices, 2D arrays, union, ILP32 layout
extern char __VERIFIER_nondet_char(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __kappa_trace(long long v);

struct rec {
  signed char a;
  unsigned short b;
  int c;
  long long d;
};

struct wrap {
  struct rec r;
  int tags[3];
};

struct pad { int x; long long y; };   /* 12 bytes on i386, 16 on x86-64 */

union pun {
  unsigned int word;
  unsigned char bytes[4];
};

int main(void) {
  struct rec arr[4];
  for (int k = 0; k < 4; k++) {
    arr[k].a = (signed char)__VERIFIER_nondet_char();
    arr[k].b = __VERIFIER_nondet_ushort();
    arr[k].c = __VERIFIER_nondet_int();
    arr[k].d = __VERIFIER_nondet_longlong();
  }
  unsigned int sel = __VERIFIER_nondet_uint();
  __kappa_trace(sizeof(struct rec));
  __kappa_trace(sizeof(struct pad));        /* i386 SysV: long long members are only 4-aligned */
  __kappa_trace(sizeof(struct wrap));
  __kappa_trace((char *)&arr[0].d - (char *)&arr[0]);
  long long sum = 0;
  unsigned long long dsum = 0;
  for (int k = 0; k < 4; k++) {
    sum += arr[k].a + arr[k].b + (long long)arr[k].c;
    dsum += (unsigned long long)arr[k].d;
    __kappa_trace(sum);
  }
  __kappa_trace((long long)dsum);
  unsigned int j = sel & 3u;
  __kappa_trace(j);
  __kappa_trace(arr[j].b);
  __kappa_trace(arr[j].a);
  struct rec t = arr[j];
  t.c = 5;
  t.a = -7;
  __kappa_trace(arr[j].c);
  arr[j ^ 1u] = t;
  __kappa_trace(arr[j ^ 1u].c);
  __kappa_trace(arr[j ^ 1u].a);
  __kappa_trace(arr[j ^ 1u].d == arr[j].d);
  int best = 0;
  for (int k = 1; k < 4; k++)
    if (arr[k].c > arr[best].c) best = k;
  __kappa_trace(best);
  int m[3][4];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 4; c++)
      m[r][c] = arr[c].a * (r + 1) + arr[r].b;
  __kappa_trace(m[(sel >> 2) % 3][(sel >> 4) & 3u]);
  __kappa_trace(m[2][3] - m[0][0]);
  struct wrap w;
  w.r = arr[0];
  for (int k = 0; k < 3; k++) w.tags[k] = arr[k + 1].b;
  struct wrap w2 = w;
  w2.tags[sel % 3] = -1;
  __kappa_trace(w.tags[sel % 3]);
  __kappa_trace(w2.tags[sel % 3]);
  __kappa_trace(w2.r.d == arr[0].d);
  union pun pn;
  pn.word = sel;
  __kappa_trace(pn.bytes[0]);                 /* little endian: low byte first */
  __kappa_trace(pn.bytes[3]);
  pn.bytes[1] = 0xAB;
  __kappa_trace(pn.word);
  return 0;
}
