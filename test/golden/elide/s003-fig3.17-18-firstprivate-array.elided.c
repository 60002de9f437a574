void fragment(void)
{
   int x[10];
   int (*_fip_x)[10]=&x;
   {
      int x[10];
      memcpy(x,_fip_x, sizeof(x));
   }
}
