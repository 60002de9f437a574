void fragment(int n)
{
   int x;
   int _fip_x=x;
   for (int k = 0; k < n; k++)
   {
      int x = _fip_x;
   }
}
