-- Listing photos in HEIC/HEIF (issue 15): the storage server now decodes them (libheif in WebAssembly,
-- then sharp) for the responsive renders, so the bucket takes them; the bytes are still checked against
-- the declared type (the ftyp brand: heic, heix, mif1).
update storage.buckets
   set allowed_mime_types = array['image/webp', 'image/jpeg', 'image/png', 'image/avif', 'image/heic', 'image/heif']
 where id = 'listing-images';
